import { describe, expect, it } from "vitest";
import { generalErrorSchema } from "@/lib/schemas";
import { setup } from "./test-support";

describe("faults", () => {
  it("adds latency to the matching operation only", async () => {
    const { sim, api } = await setup({ now: Date.now });
    const latencyMs = 1_500;
    sim.faults.add({ operation: "GET /business", latencyMs });
    let started = performance.now();
    expect((await api("GET", "/business")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(latencyMs - 10);
    started = performance.now();
    await api("GET", "/transactions/txn_usd_0001");
    // Relative to the injected latency, so a busy machine does not make it flake.
    expect(performance.now() - started).toBeLessThan(latencyMs / 2);
  });

  it("answers a status in the general error shape, `times` times, and still counts the requests", async () => {
    const { sim, api } = await setup();
    sim.faults.add({ operation: "GET /transactions/{id}", status: 503, times: 2 });
    expect(sim.faults.list()).toEqual([{ operation: "GET /transactions/{id}", status: 503, times: 2 }]);
    const first = await api("GET", "/transactions/txn_usd_0001");
    expect(first.status).toBe(503);
    expect(generalErrorSchema.safeParse(first.json).success).toBe(true);
    expect(sim.faults.list()).toEqual([{ operation: "GET /transactions/{id}", status: 503, times: 1 }]);
    expect((await api("GET", "/transactions/txn_usd_0001")).status).toBe(503);
    expect((await api("GET", "/transactions/txn_usd_0001")).status).toBe(200);
    expect(sim.faults.list()).toEqual([]);
    expect(sim.stats.count("GET /transactions/{id}")).toBe(3);
  });

  it("drops the connection: fetch rejects with TypeError('fetch failed')", async () => {
    const { sim, api } = await setup();
    sim.faults.add({ operation: "GET /business", drop: true, times: 1 });
    await expect(api("GET", "/business")).rejects.toThrow(new TypeError("fetch failed"));
    expect((await api("GET", "/business")).status).toBe(200);
  });

  it("answers a malformed body that does not parse as JSON", async () => {
    const { sim, api } = await setup();
    sim.faults.add({ operation: "GET /collections/{id}", malformed: true });
    const r = await api("GET", "/collections/col_usd_0001");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/application\/json/);
    expect(() => JSON.parse(r.text)).toThrow();
  });

  it("answers a redirect to another origin", async () => {
    const { sim, api } = await setup();
    sim.faults.add({ operation: "GET /business", redirect: true });
    const r = await api("GET", "/business");
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toMatch(/^https:\/\//);
  });

  it("'*' matches every operation, POST /auth included; clear() removes all", async () => {
    const { sim, api } = await setup();
    sim.faults.add({ operation: "*", status: 500 });
    expect((await api("GET", "/business")).status).toBe(500);
    expect((await api("POST", "/auth")).status).toBe(500);
    sim.faults.clear();
    expect(sim.faults.list()).toEqual([]);
    expect((await api("GET", "/business")).status).toBe(200);
  });

  it("combines a '*' latency with a targeted status: both apply", async () => {
    const { sim, api } = await setup({ now: Date.now });
    sim.faults.add({ operation: "*", latencyMs: 60 });
    sim.faults.add({ operation: "GET /business", status: 429, times: 1 });
    const started = performance.now();
    expect((await api("GET", "/business")).status).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
  });

  it("refuses an invalid spec", async () => {
    const { sim } = await setup();
    expect(() => sim.faults.add({ operation: "GET /business", status: 42 })).toThrow();
    expect(() => sim.faults.add({ operation: "", drop: true })).toThrow();
  });
});
