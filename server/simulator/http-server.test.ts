import { afterEach, describe, expect, it } from "vitest";
import { accessTokenResponseSchema, businessSchema } from "@/lib/schemas";
import { Pool } from "undici";
import { CONNECTIONS_PATH, startSimulatorServer, type RunningSimulatorServer } from "./http-server";
import { SIMULATOR_CREDENTIALS } from "./seed/ids";
import { basicHeader } from "./test-support";

let server: RunningSimulatorServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function token(url: string): Promise<string> {
  const r = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { Authorization: basicHeader(SIMULATOR_CREDENTIALS.businessId, SIMULATOR_CREDENTIALS.secretKey) },
  });
  return accessTokenResponseSchema.parse(await r.json()).access_token;
}

describe("startSimulatorServer", () => {
  it("serves the API on a free port under /api/v1", async () => {
    server = await startSimulatorServer({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const bearer = await token(server.url);
    const r = await fetch(`${server.url}/business`, { headers: { Authorization: `Bearer ${bearer}` } });
    expect(r.status).toBe(200);
    expect(businessSchema.parse(await r.json()).id).toBe(SIMULATOR_CREDENTIALS.businessId);
    const body = await fetch(`${server.url}/identity/bvn`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ number: "22222222222" }),
    });
    expect(body.status).toBe(200);
  });

  it("counts the connections it accepts, so a client's socket reuse can be measured", async () => {
    server = await startSimulatorServer({ port: 0 });
    const root = server.url.replace(/\/api\/v1$/, "");
    const opened = async () => {
      const probe = new Pool(root, { connections: 1 });
      try {
        return ((await (await probe.request({ path: CONNECTIONS_PATH, method: "GET" })).body.json()) as { opened: number }).opened;
      } finally {
        await probe.close();
      }
    };
    const before = await opened();
    const pool = new Pool(root, { connections: 1 });
    for (let i = 0; i < 5; i++) await (await pool.request({ path: "/__sim/health", method: "GET" })).body.dump();
    await pool.close();
    // Five requests over one kept-alive socket, plus the probe's own connection.
    expect((await opened()) - before).toBe(2);
  });

  it("control endpoints: health, faults, stats and reset", async () => {
    server = await startSimulatorServer({ port: 0 });
    const root = server.url.replace(/\/api\/v1$/, "");
    expect(await (await fetch(`${root}/__sim/health`)).json()).toEqual({ status: "ok" });

    const added = await fetch(`${root}/__sim/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operation: "GET /business", status: 503, times: 1 }),
    });
    expect(added.status).toBe(201);
    expect(server.simulator.faults.list()).toEqual([{ operation: "GET /business", status: 503, times: 1 }]);
    expect((await fetch(`${root}/__sim/faults`, { method: "POST", body: JSON.stringify({ operation: "x", status: "bad" }) })).status).toBe(
      400,
    );

    const bearer = await token(server.url);
    expect((await fetch(`${server.url}/business`, { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(503);
    expect(await (await fetch(`${root}/__sim/stats`)).json()).toEqual({ "POST /auth": 1, "GET /business": 1 });

    await fetch(`${root}/__sim/faults`, { method: "POST", body: JSON.stringify({ operation: "*", status: 500 }) });
    expect((await fetch(`${root}/__sim/faults`, { method: "DELETE" })).status).toBe(204);
    expect(server.simulator.faults.list()).toEqual([]);
    expect((await fetch(`${root}/__sim/stats`, { method: "DELETE" })).status).toBe(204);
    expect(await (await fetch(`${root}/__sim/stats`)).json()).toEqual({});

    // Reset restores the seed; the token stays valid.
    const credit = await fetch(`${server.url}/checkouts/8012345678/credit`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        amount: 5,
        sender: { account_name: "A", account_number: "1", bank_code: "B", bank_name: "C", narration: "D", reference: "E" },
      }),
    });
    const { id } = (await credit.json()) as { id: string };
    expect((await fetch(`${server.url}/transactions/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(200);
    expect((await fetch(`${root}/__sim/reset`, { method: "POST" })).status).toBe(204);
    expect((await fetch(`${server.url}/transactions/${id}`, { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(404);
    expect((await fetch(`${root}/__sim/nope`)).status).toBe(404);
  });

  it("a dropped-connection fault closes the socket: the client's fetch fails", async () => {
    server = await startSimulatorServer({ port: 0 });
    server.simulator.faults.add({ operation: "GET /business", drop: true, times: 1 });
    const bearer = await token(server.url);
    await expect(fetch(`${server.url}/business`, { headers: { Authorization: `Bearer ${bearer}` } })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.url}/business`, { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(200);
  });

  it("passes statuses and headers through (no-store, 401)", async () => {
    server = await startSimulatorServer({ port: 0 });
    expect((await fetch(`${server.url}/business`)).status).toBe(401);
    const bearer = await token(server.url);
    const r = await fetch(`${server.url}/customers/cus_approved/card-verification`, { headers: { Authorization: `Bearer ${bearer}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });
});
