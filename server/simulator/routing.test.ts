import { describe, expect, it } from "vitest";
import { generalErrorSchema } from "@/lib/schemas";
import { OPERATIONS } from "./routes";
import { ROOT, setup } from "./test-support";

describe("routing", () => {
  it("answers 404 in the general shape for an unknown path, inside or outside the API root", async () => {
    const { api, sim, token } = await setup();
    for (const path of ["/wallets", "/business/extra", "/transactions"]) {
      const r = await api("GET", path);
      expect(r.status, path).toBe(404);
      expect(generalErrorSchema.safeParse(r.json).success).toBe(true);
    }
    const outside = await sim.fetch(new Request("http://simulator.test/business", { headers: { Authorization: `Bearer ${token}` } }));
    expect(outside.status).toBe(404);
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const { api } = await setup();
    const r = await api("DELETE", "/business");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET");
  });

  it.each([
    ["a dot", "/transactions/txn.usd"],
    ["an encoded slash", "/transactions/txn%2F..%2Fbusiness"],
    ["an encoded space", "/bills/bill%20elec"],
    ["non-ASCII", "/collections/col_%C3%A9"],
    ["a malformed escape", "/collections/col_%E0%A4%A"],
    ["129 characters", `/cards/${"a".repeat(129)}/transactions`],
  ])("refuses a path parameter with %s with 400 naming the parameter", async (_, path) => {
    const { api } = await setup();
    const r = await api("GET", path);
    expect(r.status).toBe(400);
    const body = generalErrorSchema.parse(r.json);
    expect(Object.keys(body.values ?? {})).toEqual([expect.stringMatching(/^(id|transactionId)$/)]);
  });

  it("accepts a parameter of exactly 128 allowed characters (then 404: it does not exist)", async () => {
    const { api } = await setup();
    expect((await api("GET", `/transactions/${"a".repeat(128)}`)).status).toBe(404);
  });

  it("counts every matched request per operation, errors included", async () => {
    const { sim, api } = await setup();
    await api("GET", "/transactions/txn_usd_0001");
    await api("GET", "/transactions/nope");
    await api("GET", "/transactions/bad.id");
    await sim.fetch(new Request(`${ROOT}/transactions/txn_usd_0001`));
    expect(sim.stats.count("GET /transactions/{id}")).toBe(4);
    expect(sim.stats.count("POST /auth")).toBe(1);
    expect(sim.stats.all()).toEqual({ "POST /auth": 1, "GET /transactions/{id}": 4 });
    sim.stats.reset();
    expect(sim.stats.all()).toEqual({});
  });

  it("serves exactly the spec's operations plus POST /cards", () => {
    expect(OPERATIONS).toHaveLength(15);
  });
});
