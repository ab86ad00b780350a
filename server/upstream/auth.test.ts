import { describe, expect, it, vi } from "vitest";
import { acquireToken } from "./auth";
import { createUpstream } from "./client";
import { FALLBACK_TOKEN_LIFETIME_MS } from "./token-cache";
import { fetchTransport, type FetchTransport } from "./transport";

const now = Date.UTC(2026, 10, 28, 4, 30);
const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
const setup = (authBody: unknown) => ({
  baseUrl: "http://api.test/api/v1",
  transport: fetchTransport(
    vi.fn<FetchTransport>(async (request) =>
      answer(new URL(request.url).pathname.endsWith("/auth") ? authBody : { id: "txn_usd_0001", amount: 5 }),
    ),
  ),
  credentials: { businessId: "biz", secretKey: "secret" },
  timeoutMs: 2_000,
});
const expiryOf = async (expires_at: unknown, issued_at?: unknown) =>
  (await acquireToken({ ...setup({ access_token: "tok", token: { expires_at, issued_at } }), now: () => now })).expiresAtMs;

describe("POST /auth expiry", () => {
  it("serves upstream calls when expires_at is an ISO 8601 date-time, and keeps the token until then", async () => {
    const iso = { access_token: "tok", token: { expires_at: "2026-11-28T05:30:00Z" } };
    await expect(createUpstream(setup(iso)).api.getTransaction("txn_usd_0001")).resolves.toMatchObject({ id: "txn_usd_0001" });
    expect(await expiryOf("2026-11-28T05:30:00Z")).toBe(Date.parse("2026-11-28T05:30:00Z"));
  });

  it("reads a numeric string like the number: seconds, or milliseconds above 1e12", async () => {
    expect(await expiryOf(String(now / 1000 + 3600))).toBe(now + 3_600_000);
    expect(await expiryOf(String(now + 3_600_000))).toBe(now + 3_600_000);
  });

  it.each([["soon"], ["2026-11-28T05:30:00"], [true], [{ at: 1 }], [-5]])(
    "gives an unreadable expires_at (%j) the fallback lifetime instead of failing every call",
    async (expires_at) => {
      expect(await expiryOf(expires_at)).toBe(now + FALLBACK_TOKEN_LIFETIME_MS);
      const body = { access_token: "tok", token: { expires_at, issued_at: "yesterday" } };
      await expect(createUpstream(setup(body)).api.getTransaction("txn_usd_0001")).resolves.toMatchObject({ id: "txn_usd_0001" });
    },
  );
});

describe("POST /auth answers", () => {
  it.each([["tok\u20acn"], ["abc\r\nX-Evil: 1"], ["two words"], ["x".repeat(8193)], [""]])(
    "refuses a token that cannot travel in an Authorization header (%#): 502 upstream_invalid_response, nothing cached, the next answer used",
    async (access_token) => {
      let answers = 0;
      const transport = fetchTransport(async (request) => {
        if (!new URL(request.url).pathname.endsWith("/auth")) return answer({ id: "txn_usd_0001", amount: 5 });
        answers += 1;
        return answer({ access_token: answers === 1 ? access_token : "good-token", token: { expires_at: now / 1000 + 3600 } });
      });
      const upstream = createUpstream({ ...setup({}), transport });
      await expect(upstream.api.getTransaction("txn_usd_0001")).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
      await expect(upstream.api.getTransaction("txn_usd_0001")).resolves.toMatchObject({ id: "txn_usd_0001" });
      expect(answers).toBe(2);
    },
  );

  it("reads a token answer that starts with a UTF-8 byte order mark (RFC 8259 §8.1)", async () => {
    const marked = `\uFEFF${JSON.stringify({ access_token: "tok", token: { expires_at: now / 1000 + 3600 } })}`;
    const transport = fetchTransport(async () => new Response(marked, { headers: { "Content-Type": "application/json" } }));
    const token = await acquireToken({ ...setup({}), transport, now: () => now });
    expect(token).toEqual({ accessToken: "tok", expiresAtMs: now + 3_600_000 });
  });
});

describe("POST /auth lifetime", () => {
  it("counts the lifetime from issued_at to expires_at, whatever the provider's clock says", async () => {
    // The provider's clock an hour ahead of ours, then 45 s behind: ten minutes and one minute on ours.
    expect(await expiryOf(now / 1000 + 4200, now / 1000 + 3600)).toBe(now + 600_000);
    expect(await expiryOf(now / 1000 + 15, now / 1000 - 45)).toBe(now + 60_000);
    expect(await expiryOf(now + 15_000, now - 45_000)).toBe(now + 60_000);
  });

  it("gives the fallback lifetime when issued_at is not before expires_at", async () => {
    expect(await expiryOf(now / 1000 + 60, now / 1000 + 60)).toBe(now + FALLBACK_TOKEN_LIFETIME_MS);
    expect(await expiryOf(now / 1000 + 60, now / 1000 + 120)).toBe(now + FALLBACK_TOKEN_LIFETIME_MS);
  });

  it("sends POST /auth once for 20 calls while a 30-second token lasts", async () => {
    const asked: string[] = [];
    const transport = fetchTransport(async (request) => {
      const path = new URL(request.url).pathname;
      asked.push(path);
      const issued = Date.now() / 1000;
      return answer(
        path.endsWith("/auth")
          ? { access_token: `tok-${asked.length}`, token: { issued_at: issued, expires_at: issued + 30 } }
          : { id: "txn_usd_0001", amount: 5 },
      );
    });
    const { api } = createUpstream({ ...setup({}), transport });
    for (let i = 0; i < 20; i++) await api.getTransaction("txn_usd_0001");
    expect(asked.filter((path) => path.endsWith("/auth"))).toHaveLength(1);
  });

  it("sends POST /auth once for 20 calls, one after another or overlapping, when expires_at is issued_at + 1 ms", async () => {
    const asked: string[] = [];
    const auths = () => asked.filter((path) => path.endsWith("/auth")).length;
    const transport = fetchTransport(async (request) => {
      const path = new URL(request.url).pathname;
      asked.push(path);
      if (path.endsWith("/auth")) {
        const issued = Date.now();
        return answer({ access_token: `tok-${asked.length}`, token: { issued_at: issued, expires_at: issued + 1 } });
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer({ id: "txn_usd_0001", amount: 5 });
    });
    const sequential = createUpstream({ ...setup({}), transport }).api;
    for (let i = 0; i < 20; i++) await sequential.getTransaction("txn_usd_0001");
    expect(auths()).toBe(1);

    asked.length = 0;
    const overlapping = createUpstream({ ...setup({}), transport }).api;
    const calls = Array.from({ length: 20 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, 2 * i)).then(() => overlapping.getTransaction("txn_usd_0001")),
    );
    await Promise.all(calls);
    expect(auths()).toBe(1);
  });
});
