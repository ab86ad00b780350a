import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createUpstream } from "./client";
import { poolTransport } from "./pool";
import { DeadlineExceeded, MAX_WHOLE_BODY_BYTES } from "./transport";

const later = () => Date.now() + 5_000;

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
        const res = await transport.whole({
          method: "GET",
          url: `${baseUrl}/bills/b${i}`,
          headers: { authorization: "Bearer t" },
          deadlineAt: later(),
        });
        return JSON.parse(res.body) as { path: string; auth: string };
      }),
    );
    expect(answers[7]).toEqual({ path: "/api/v1/bills/b7", auth: "Bearer t" });
    expect(sockets()).toBeLessThanOrEqual(4);
  });

  it("keeps the base URL's path however its origin is written", async () => {
    const { baseUrl } = await serve((req, res) => res.end(JSON.stringify({ path: req.url })));
    const written = baseUrl.replace("http://127.0.0.1", "HTTP://127.0.0.1");
    const res = await poolTransport(written).whole({
      method: "GET",
      url: `${written}/cards/c1/transactions?x=1`,
      headers: {},
      deadlineAt: later(),
    });
    expect(JSON.parse(res.body)).toEqual({ path: "/api/v1/cards/c1/transactions?x=1" });
    await expect(
      poolTransport(written).whole({ method: "GET", url: "http://elsewhere.test/api/v1/business", headers: {}, deadlineAt: later() }),
    ).rejects.toThrow();
    await expect(
      poolTransport(written).streamed({ method: "GET", url: "http://elsewhere.test/api/v1/business", headers: {}, deadlineAt: later() }),
    ).rejects.toThrow();
  });

  it("does not follow a redirect", async () => {
    const { baseUrl } = await serve((_req, res) => {
      res.writeHead(302, { location: "http://127.0.0.1:9/elsewhere" });
      res.end();
    });
    const transport = poolTransport(baseUrl);
    expect((await transport.whole({ method: "GET", url: `${baseUrl}/business`, headers: {}, deadlineAt: later() })).status).toBe(302);
    const streamed = await transport.streamed({ method: "GET", url: `${baseUrl}/business`, headers: {}, deadlineAt: later() });
    expect(streamed.status).toBe(302);
    streamed.abort();
  });

  it("sends a POST's body and headers as given", async () => {
    const { baseUrl } = await serve(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += String(chunk);
      res.end(JSON.stringify({ method: req.method, type: req.headers["content-type"], body }));
    });
    const res = await poolTransport(baseUrl).whole({
      method: "POST",
      url: `${baseUrl}/identity/bvn`,
      headers: { "content-type": "application/json" },
      body: '{"number":"1"}',
      deadlineAt: later(),
    });
    expect(JSON.parse(res.body)).toEqual({ method: "POST", type: "application/json", body: '{"number":"1"}' });
  });

  it("refuses a whole answer larger than the cap instead of buffering it, and the next call still works", async () => {
    const big = Buffer.alloc(MAX_WHOLE_BODY_BYTES + 1, "a");
    const { baseUrl } = await serve((req, res) => res.end(req.url?.endsWith("/big") ? big : "{}"));
    const transport = poolTransport(baseUrl, 1);
    await expect(transport.whole({ method: "GET", url: `${baseUrl}/big`, headers: {}, deadlineAt: later() })).rejects.toMatchObject({
      status: 502,
      code: "upstream_invalid_response",
    });
    expect((await transport.whole({ method: "GET", url: `${baseUrl}/small`, headers: {}, deadlineAt: later() })).body).toBe("{}");
  });

  it("gives up at the deadline, whether the answer is late or the call is still waiting for a socket", async () => {
    const seen: string[] = [];
    const { baseUrl } = await serve((req, res) => {
      seen.push(req.url ?? "");
      if (req.url?.endsWith("/slow")) setTimeout(() => res.end("{}"), 400);
      else res.end("{}");
    });
    const transport = poolTransport(baseUrl, 1);
    const slow = transport.whole({ method: "GET", url: `${baseUrl}/slow`, headers: {}, deadlineAt: Date.now() + 100 });
    // Queued behind the slow call on the pool's one socket, with a deadline that passes first.
    const queued = transport.whole({ method: "GET", url: `${baseUrl}/queued`, headers: {}, deadlineAt: Date.now() + 50 });
    await expect(queued).rejects.toBeInstanceOf(DeadlineExceeded);
    await expect(slow).rejects.toBeInstanceOf(DeadlineExceeded);
    const streamedLate = transport.streamed({ method: "GET", url: `${baseUrl}/slow`, headers: {}, deadlineAt: Date.now() + 100 });
    await expect(streamedLate).rejects.toBeInstanceOf(DeadlineExceeded);
    // The pool recovers: an abandoned socket is replaced.
    expect((await transport.whole({ method: "GET", url: `${baseUrl}/after`, headers: {}, deadlineAt: later() })).body).toBe("{}");
    expect(seen).not.toContain("/api/v1/queued");
  });

  it("refuses a header value HTTP cannot carry before it is sent, and the pool keeps serving (the value may come from the upstream: a token)", async () => {
    const { baseUrl } = await serve((_req, res) => res.end("{}"));
    const transport = poolTransport(baseUrl, 2);
    for (const token of ["tok\u20acn", "abc\r\nX-Evil: 1", "a\u0000b"]) {
      for (let i = 0; i < 4; i++) {
        const refused = transport.whole({
          method: "GET",
          url: `${baseUrl}/business`,
          headers: { authorization: `Bearer ${token}` },
          deadlineAt: later(),
        });
        await expect(refused).rejects.toThrow(/header/i);
        const streamed = transport.streamed({
          method: "GET",
          url: `${baseUrl}/business`,
          headers: { authorization: `Bearer ${token}` },
          deadlineAt: later(),
        });
        await expect(streamed).rejects.toThrow(/header/i);
      }
    }
    const ok = await transport.whole({
      method: "GET",
      url: `${baseUrl}/business`,
      headers: { authorization: "Bearer t" },
      deadlineAt: Date.now() + 2_000,
    });
    expect(ok.status).toBe(200);
  });

  it("streams a large answer in chunks, and an aborted one frees its socket", async () => {
    const { baseUrl } = await serve((req, res) => {
      if (req.url?.endsWith("/list")) {
        for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024, "x"));
        res.end();
      } else res.end("{}");
    });
    const transport = poolTransport(baseUrl, 1);
    const first = await transport.streamed({ method: "GET", url: `${baseUrl}/list`, headers: {}, deadlineAt: later() });
    let size = 0;
    for await (const chunk of first.chunks) size += chunk.byteLength;
    expect(size).toBe(64 * 64 * 1024);
    const abandoned = await transport.streamed({ method: "GET", url: `${baseUrl}/list`, headers: {}, deadlineAt: later() });
    abandoned.abort();
    expect((await transport.whole({ method: "GET", url: `${baseUrl}/next`, headers: {}, deadlineAt: later() })).body).toBe("{}");
  });
});

describe("an upstream free to compress its answers", () => {
  it("is asked for identity on every call, so auth, whole and streamed answers all parse", async () => {
    const asked: { path: string; encoding: string | undefined }[] = [];
    const { baseUrl } = await serve((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const encoding = req.headers["accept-encoding"];
      asked.push({ path, encoding });
      const answer = path.endsWith("/auth")
        ? { access_token: "tok", token: { expires_at: Date.now() / 1000 + 3600 } }
        : path.endsWith("/transactions")
          ? [{ id: "ct_1" }]
          : { id: "biz_1" };
      // No Accept-Encoding means any coding will do (RFC 9110 §12.5.3); only identity rules gzip out.
      const identity = encoding !== undefined && /^\s*identity\s*$/i.test(encoding);
      res.setHeader("content-type", "application/json");
      if (identity) return res.end(JSON.stringify(answer));
      res.setHeader("content-encoding", "gzip");
      res.end(gzipSync(JSON.stringify(answer)));
    });
    const { api } = createUpstream({
      baseUrl,
      transport: poolTransport(baseUrl),
      credentials: { businessId: "biz", secretKey: "secret" },
      timeoutMs: 5_000,
    });
    await expect(api.getBusiness()).resolves.toMatchObject({ id: "biz_1" });
    const list = await api.getCardTransactions("card_1", async (body) => {
      let text = "";
      for await (const chunk of body) text += Buffer.from(chunk).toString("utf8");
      return JSON.parse(text) as unknown;
    });
    expect(list).toEqual([{ id: "ct_1" }]);
    expect(asked.map((a) => a.path)).toEqual(["/api/v1/auth", "/api/v1/business", "/api/v1/cards/card_1/transactions"]);
    expect(asked.every((a) => a.encoding === "identity")).toBe(true);
  });
});
