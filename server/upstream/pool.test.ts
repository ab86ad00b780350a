import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { poolTransport } from "./pool";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ baseUrl: string; sockets: () => number }> {
  let sockets = 0;
  server = createServer(handler);
  server.on("connection", () => sockets++);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, sockets: () => sockets };
}

describe("the pooled upstream transport", () => {
  it("carries 200 concurrent calls over no more sockets than the pool holds", async () => {
    const { baseUrl, sockets } = await serve((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization }));
    });
    const transport = poolTransport(baseUrl, 4);
    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await transport({ method: "GET", url: `${baseUrl}/bills/b${i}`, headers: { authorization: "Bearer t" }, signal: new AbortController().signal });
        return JSON.parse(await res.text()) as { path: string; auth: string };
      }),
    );
    expect(answers[7]).toEqual({ path: "/api/v1/bills/b7", auth: "Bearer t" });
    expect(sockets()).toBeLessThanOrEqual(4);
  });

  it("keeps the base URL's path however its origin is written", async () => {
    const { baseUrl } = await serve((req, res) => res.end(JSON.stringify({ path: req.url })));
    const written = baseUrl.replace("http://127.0.0.1", "HTTP://127.0.0.1");
    const res = await poolTransport(written)({ method: "GET", url: `${written}/cards/c1/transactions?x=1`, headers: {}, signal: new AbortController().signal });
    expect(JSON.parse(await res.text())).toEqual({ path: "/api/v1/cards/c1/transactions?x=1" });
    await expect(poolTransport(written)({ method: "GET", url: "http://elsewhere.test/api/v1/business", headers: {}, signal: new AbortController().signal })).rejects.toThrow();
  });

  it("does not follow a redirect", async () => {
    const { baseUrl } = await serve((_req, res) => {
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      res.end();
    });
    const res = await poolTransport(baseUrl)({ method: "GET", url: `${baseUrl}/business`, headers: {}, signal: new AbortController().signal });
    expect(res.status).toBe(302);
    res.discard();
  });
});
