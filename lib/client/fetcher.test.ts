import { afterEach, describe, expect, it, vi } from "vitest";
import { recentIssuanceOf, requestCard } from "./create-card";
import { BffError, bffFetch, shouldRetry } from "./fetcher";

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe("bffFetch", () => {
  it("hands over a success as the server sent it and sends JSON with the caller's headers", async () => {
    const fetch = answer(200, { id: "a" });
    vi.stubGlobal("fetch", fetch);
    expect(await bffFetch("/x", { method: "POST", body: { n: 1 }, headers: { "Idempotency-Key": "k" } })).toEqual({ id: "a" });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "k" });
    expect(init.body).toBe('{"n":1}');
  });

  it("turns the envelope into a BffError with its code and field, and anything else into a readable one", async () => {
    vi.stubGlobal("fetch", answer(400, { error: { code: "invalid_request", message: "Enter an amount.", field: "amount" } }));
    await expect(bffFetch("/x")).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
      field: "amount",
      message: "Enter an amount.",
    });
    vi.stubGlobal("fetch", answer(502, "<html>"));
    await expect(bffFetch("/x")).rejects.toMatchObject({
      code: "unexpected_response",
      message: "The back-office answered unexpectedly. Try again.",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 200 })),
    );
    await expect(bffFetch("/x")).rejects.toMatchObject({ status: 502, code: "invalid_response" });
    // An upstream code in a shape the server never lets through is not an envelope of ours.
    vi.stubGlobal("fetch", answer(503, { error: { code: "upstream_verification_error", message: "x", upstream_code: "<b>" } }));
    await expect(bffFetch("/x")).rejects.toMatchObject({ code: "unexpected_response" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(bffFetch("/x")).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("requestCard", () => {
  const issuance = {
    id: 3,
    customer_id: "cus_a",
    outcome: "issued",
    card_id: "card_1",
    card_last4: "1234",
    staff_name: "Ops",
    staff_email: "ops@example.com",
    issued_at: "2026-11-23T10:00:00.000Z",
    request_id: "r",
  };

  it("sends the key and the acknowledged issuance, and reads a recent-issuance refusal with who issued what", async () => {
    const fetch = answer(409, { error: { code: "card_recently_issued", message: "Ops issued card_1 today." }, recent_issuance: issuance });
    vi.stubGlobal("fetch", fetch);
    const failure = await requestCard({ customerId: "cus_a", key: "card-k", acknowledge: issuance as never }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BffError);
    expect(recentIssuanceOf(failure)?.card_id).toBe("card_1");
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ "Idempotency-Key": "card-k" });
    expect(JSON.parse(init.body as string)).toEqual({ customer_id: "cus_a", confirm_additional: true, acknowledged_issuance_id: 3 });
  });

  it("a refusal with another code carries no body, so there is no issuance to show", async () => {
    vi.stubGlobal(
      "fetch",
      answer(409, { error: { code: "idempotency_key_reused", message: "Another request used this key." }, recent_issuance: { id: "x" } }),
    );
    const failure = await requestCard({ customerId: "cus_a", key: "card-k", acknowledge: null }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 409, code: "idempotency_key_reused" });
    expect(recentIssuanceOf(failure)).toBeUndefined();
  });

  it("carries the payments API's own code beside upstream_verification_error", async () => {
    vi.stubGlobal(
      "fetch",
      answer(503, {
        error: { code: "upstream_verification_error", upstream_code: "VERIFICATION_PROVIDER_ERROR", message: "Provider error." },
      }),
    );
    const failure = await requestCard({ customerId: "cus_a", key: "card-k", acknowledge: null }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: "upstream_verification_error", upstreamCode: "VERIFICATION_PROVIDER_ERROR" });
  });

  it("says where to look, not to retry, when the answer cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 201 })),
    );
    const failure = await requestCard({ customerId: "cus_a", key: "card-k", acknowledge: null }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BffError);
    expect((failure as BffError).message).toContain("Look at the issued cards");
  });

  it("carries the time a 503 with Retry-After names, and leaves the retrying to the view", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "upstream_unavailable", message: "down" } }), {
            status: 503,
            headers: { "Retry-After": "12" },
          }),
      ),
    );
    const before = Date.now();
    const error = await bffFetch("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    const retryAt = (error as BffError).retryAt!;
    expect(retryAt).toBeGreaterThanOrEqual(before + 12_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 12_000);
    expect(shouldRetry(0, error)).toBe(false);
    // A 503 without a date is not asked again either: the server already spent its deadline on it.
    expect(shouldRetry(0, new BffError(503, "upstream_unavailable", "down"))).toBe(false);
  });

  it("waits no longer than five minutes on a proxy's far Retry-After, and reads its HTTP-date", async () => {
    const answer = (retryAfter: string) =>
      new Response(JSON.stringify({ error: { code: "upstream_unavailable", message: "down" } }), {
        status: 503,
        headers: { "Retry-After": retryAfter },
      });
    const retryAtFor = async (retryAfter: string) => {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => answer(retryAfter)),
      );
      return ((await bffFetch("/x").catch((e: unknown) => e)) as BffError).retryAt;
    };
    const before = Date.now();
    expect(await retryAtFor("86400000")).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    expect(await retryAtFor("86400000")).toBeGreaterThanOrEqual(before + 5 * 60_000);
    const inOneMinute = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    expect(await retryAtFor(inOneMinute.toUTCString())).toBe(inOneMinute.getTime());
    expect(await retryAtFor("later")).toBeUndefined();
  });
});

describe("shouldRetry", () => {
  it("asks again once when the back-office could not be reached, and never after a timeout or an upstream failure", () => {
    const offline = new BffError(0, "network_error", "offline");
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(1, offline)).toBe(false);
    for (const [status, code] of [
      [504, "upstream_timeout"],
      [503, "upstream_unavailable"],
      [502, "upstream_invalid_response"],
      [500, "internal_error"],
      [404, "not_found"],
    ] as const) {
      expect(shouldRetry(0, new BffError(status, code, "no"))).toBe(false);
    }
    expect(shouldRetry(0, new Error("render"))).toBe(false);
  });
});
