import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { retryLaterOf } from "@/lib/retry-later";
import { BREAKER_FAILURE_THRESHOLD, BREAKER_PAUSE_MS, BREAKER_WINDOW_MS, CircuitBreaker, refusedUnsent } from "./circuit-breaker";
import { mapUpstreamError, upstreamErrors } from "./error-mapping";

const OP = "GET /transactions/{id}";

function setup() {
  const clock = { now: 1_000_000 };
  const breaker = new CircuitBreaker({ now: () => clock.now });
  let calls = 0;
  const call = (outcome: () => unknown) => () => {
    calls++;
    return Promise.resolve().then(() => {
      const result = outcome();
      if (result instanceof Error) throw result;
      return result;
    });
  };
  const fail503 = call(() => mapUpstreamError(503, undefined));
  const ok = call(() => "ok");
  const run = (fn: () => Promise<unknown>, op = OP) =>
    breaker.run(op, fn).then(
      () => "ok" as const,
      (error: unknown) => error,
    );
  return { clock, breaker, fail503, ok, run, calls: () => calls, call };
}

async function openIt(s: ReturnType<typeof setup>, op = OP) {
  for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) await s.run(s.fail503, op);
}

describe("the upstream circuit breaker", () => {
  it("opens after the threshold of consecutive 5xx, then refuses at once with 503 upstream_unavailable and a retry time, sending nothing", async () => {
    const s = setup();
    await openIt(s);
    expect(s.calls()).toBe(BREAKER_FAILURE_THRESHOLD);
    const refusal = await s.run(s.ok);
    expect(isAppError(refusal) && refusal.status === 503 && refusal.code === "upstream_unavailable").toBe(true);
    expect(refusedUnsent(refusal)).toBe(true);
    expect(retryLaterOf(refusal)?.retryAt).toBe(s.clock.now + BREAKER_PAUSE_MS);
    expect(s.calls()).toBe(BREAKER_FAILURE_THRESHOLD);
  });

  it("counts timeouts and unreachable answers as failures too", async () => {
    const s = setup();
    const failures = [
      upstreamErrors.timeout(),
      upstreamErrors.unreachable(),
      mapUpstreamError(500, undefined),
      upstreamErrors.timeout(),
      upstreamErrors.unreachable(),
    ];
    for (const failure of failures) await s.run(s.call(() => failure));
    expect(refusedUnsent(await s.run(s.ok))).toBe(true);
  });

  it("is never opened by 4xx answers, however many", async () => {
    const s = setup();
    for (const status of [400, 404, 409, 422, 429, 400, 404, 409, 422, 429]) await s.run(s.call(() => mapUpstreamError(status, undefined)));
    // A typed verification 503 is about one customer's documents, not the provider's health.
    for (let i = 0; i < 10; i++)
      await s.run(s.call(() => mapUpstreamError(503, { code: "VERIFICATION_DOCUMENTS_UNAVAILABLE", message: "later" })));
    expect(await s.run(s.ok)).toBe("ok");
  });

  it("starts counting again after any answer that is not a failure", async () => {
    const s = setup();
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD - 1; i++) await s.run(s.fail503);
    await s.run(s.call(() => mapUpstreamError(404, undefined)));
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD - 1; i++) await s.run(s.fail503);
    expect(await s.run(s.ok)).toBe("ok");
  });

  it("forgets failures older than the window", async () => {
    const s = setup();
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD - 1; i++) await s.run(s.fail503);
    s.clock.now += BREAKER_WINDOW_MS + 1;
    await s.run(s.fail503);
    expect(await s.run(s.ok)).toBe("ok");
  });

  it("keeps one circuit per operation class: a failing one does not block the others", async () => {
    const s = setup();
    await openIt(s);
    expect(await s.run(s.ok, "GET /business")).toBe("ok");
  });

  it("after the pause lets exactly one probe through; its success closes the circuit", async () => {
    const s = setup();
    await openIt(s);
    s.clock.now += BREAKER_PAUSE_MS;
    let release: (value: string) => void = () => {};
    const probe = s.breaker.run(OP, () => new Promise<string>((resolve) => (release = resolve)));
    const during = await s.run(s.ok);
    expect(refusedUnsent(during)).toBe(true);
    release("ok");
    await probe;
    expect(await s.run(s.ok)).toBe("ok");
  });

  it("a failed probe opens the circuit for another pause", async () => {
    const s = setup();
    await openIt(s);
    s.clock.now += BREAKER_PAUSE_MS;
    await s.run(s.fail503);
    const calls = s.calls();
    const refusal = await s.run(s.ok);
    expect(refusedUnsent(refusal)).toBe(true);
    expect(retryLaterOf(refusal)?.retryAt).toBe(s.clock.now + BREAKER_PAUSE_MS);
    expect(s.calls()).toBe(calls);
  });

  it("passes the upstream's own errors through unchanged", async () => {
    const s = setup();
    const error = await s.run(s.fail503);
    expect(refusedUnsent(error)).toBe(false);
    expect(isAppError(error) && error.code).toBe("upstream_unavailable");
  });
});
