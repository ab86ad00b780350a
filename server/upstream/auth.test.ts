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
const expiryOf = async (expires_at: unknown) =>
  (await acquireToken({ ...setup({ access_token: "tok", token: { expires_at } }), now: () => now })).expiresAtMs;

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
