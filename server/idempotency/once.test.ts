import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { retryLater } from "@/lib/retry-later";
import { idempotencyRecords } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { fakeStaff } from "@/server/testing/staff";
import { upstreamErrors } from "@/server/upstream/error-mapping";
import { type Answered, intentDeadlines, type Once, runOnce, type Settled, unknownWhy } from "./once";
import { businessIntent, fingerprintOf, memberIntent, unknownOutcome } from "./records";

let db: Db;
withFreshDatabase((opened) => (db = opened));

const actor = fakeStaff("finance");
let n = 0;
const fresh = () => `key-${Date.now().toString(36)}-${++n}`;

type Effect = { made: string };

/** One intent's spec with recorders: what the service saw (audit entries, saved rows, upstream calls). */
function intent(key: string, send: () => Promise<Answered<Effect>>, more: Partial<Once<Effect>> = {}) {
  const audits: { outcome: string; detail: Record<string, unknown> }[] = [];
  const saved: Settled<Effect>["kind"][] = [];
  let calls = 0;
  const spec = (requestId: string, fingerprint = "same"): Once<Effect> => ({
    db,
    actor,
    requestId,
    action: "credit.simulate",
    target: "test",
    intent: businessIntent("credit.simulate", key),
    fingerprint: fingerprintOf("test", fingerprint),
    upstreamTimeoutMs: 200,
    ttlMs: null,
    unknown: (status, reason) => unknownOutcome(status, "credit_outcome_unknown", unknownWhy(reason, { key: "reference", thing: "test" })),
    refuse: {
      mismatch: () => new AppError({ status: 409, code: "duplicate_reference", message: "another request" }),
      inProgress: () => new AppError({ status: 409, code: "credit_in_progress", message: "still running" }),
    },
    audit: async (outcome, detail) => void audits.push({ outcome, detail }),
    replayDetail: () => ({}),
    send: async () => {
      calls++;
      return send();
    },
    save: async (_tx, settled) => void saved.push(settled.kind),
    ...more,
  });
  return { spec, audits, saved, calls: () => calls };
}

const ok = (made: string): Answered<Effect> => ({
  outcome: { status: 200, body: { id: made } },
  effect: { made },
  audit: { outcome: "success", detail: { made } },
});
const record = async (key: string) =>
  (
    await db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, "credit.simulate"), eq(idempotencyRecords.key, key)))
  )[0];

describe("the once-per-intent protocol (runOnce)", () => {
  it("derives every deadline from the upstream timeout: the lease outlives a call and its retry, a repeat waits one call", () => {
    expect(intentDeadlines(10_000)).toEqual({ leaseMs: 25_000, waitMs: 12_000 });
    expect(intentDeadlines(200)).toEqual({ leaseMs: 5_400, waitMs: 2_200 });
  });

  it("claims, calls the upstream once, stores the answer with the service's rows, and replays it marked as a replay", async () => {
    const key = fresh();
    const t = intent(key, async () => ok("tx-1"));
    const first = await runOnce(t.spec("r1"));
    expect(first).toMatchObject({ status: 200, data: { id: "tx-1" }, headers: {} });
    expect(t.saved).toEqual(["answered"]);
    expect(t.audits).toEqual([{ outcome: "success", detail: { made: "tx-1" } }]);
    expect(await record(key)).toMatchObject({ state: "completed", responseStatus: 200, requestId: "r1", staffId: actor.id });

    const again = await runOnce(t.spec("r2"));
    expect(again).toMatchObject({ status: 200, data: { id: "tx-1" }, headers: { "Idempotent-Replayed": "true" } });
    expect(t.calls()).toBe(1);
    expect(t.saved).toEqual(["answered"]);
  });

  it("ten concurrent requests with one key: one upstream call, every one the same answer", async () => {
    const key = fresh();
    const t = intent(key, async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return ok("tx-many");
    });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => runOnce(t.spec(`c${i}`))));
    expect(t.calls()).toBe(1);
    expect(new Set(replies.map((r) => JSON.stringify([r.status, r.data])))).toEqual(new Set([JSON.stringify([200, { id: "tx-many" }])]));
    expect(replies.filter((r) => r.headers["Idempotent-Replayed"] === "true")).toHaveLength(9);
  });

  it("refuses another request under the same key, audited, without calling the upstream", async () => {
    const key = fresh();
    const t = intent(key, async () => ok("tx-2"));
    await runOnce(t.spec("m1", "body A"));
    await expect(runOnce(t.spec("m2", "body B"))).rejects.toMatchObject({ status: 409, code: "duplicate_reference" });
    expect(t.calls()).toBe(1);
    expect(t.audits.at(-1)).toEqual({ outcome: "failure", detail: { code: "duplicate_reference" } });
  });

  it("a repeat waits for a running owner, then is told it is still in progress once the wait (one call's time) is over", async () => {
    const key = fresh();
    let release = () => {};
    const t = intent(key, () => new Promise((resolve) => (release = () => resolve(ok("tx-slow")))));
    const owner = runOnce(t.spec("w1"));
    await expect.poll(t.calls).toBe(1);
    const started = Date.now();
    await expect(runOnce(t.spec("w2"))).rejects.toMatchObject({ code: "credit_in_progress" });
    // waitMs = 200 + 2 000: not sooner, and not the lease (5 400).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_100);
    expect(Date.now() - started).toBeLessThan(5_000);
    release();
    expect((await owner).status).toBe(200);
    expect((await runOnce(t.spec("w3"))).headers["Idempotent-Replayed"]).toBe("true");
  });

  it("after a timeout the outcome is unknown for good: stored, replayed, never sent again", async () => {
    const key = fresh();
    const t = intent(key, async () => {
      throw upstreamErrors.timeout();
    });
    const first = await runOnce(t.spec("u1"));
    expect(first.status).toBe(504);
    expect(first.data).toEqual({
      error: { code: "credit_outcome_unknown", message: "The payments API did not confirm the test." },
    });
    expect(t.saved).toEqual(["unknown"]);
    expect(t.audits).toEqual([{ outcome: "failure", detail: { http_status: 504, code: "upstream_timeout", outcome: "unknown" } }]);
    const retry = await runOnce(t.spec("u2"));
    expect([retry.status, retry.data]).toEqual([504, first.data]);
    expect(t.calls()).toBe(1);
  });

  it("a definite refusal of the upstream is stored as it is (its envelope), not as unknown", async () => {
    const key = fresh();
    const t = intent(key, async () => {
      throw new AppError({ status: 422, code: "unprocessable", message: "no" });
    });
    const first = await runOnce(t.spec("d1"));
    expect([first.status, first.data]).toEqual([422, { error: { code: "unprocessable", message: "no" } }]);
    expect(t.saved).toEqual(["refused"]);
    expect((await runOnce(t.spec("d2"))).status).toBe(422);
    expect(t.calls()).toBe(1);
  });

  it("a call refused before anything was sent (open breaker) frees the key: the next attempt is sent", async () => {
    const key = fresh();
    let open = true;
    const t = intent(key, async () => {
      if (open)
        throw new AppError({
          status: 503,
          code: "upstream_unavailable",
          message: "open",
          cause: retryLater("open", Date.now() + 1000, false),
        });
      return ok("tx-after");
    });
    await expect(runOnce(t.spec("b1"))).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect(t.saved).toEqual(["unsent"]);
    expect(await record(key)).toBeUndefined();
    expect(t.audits).toEqual([{ outcome: "failure", detail: { code: "upstream_unavailable", sent: false } }]);
    open = false;
    expect((await runOnce(t.spec("b2"))).data).toEqual({ id: "tx-after" });
    expect(t.calls()).toBe(2);
  });

  it("a refusal of the service's own checks before the call frees the key and sends nothing", async () => {
    const key = fresh();
    let refuse = true;
    const t = intent(key, async () => ok("tx-checked"), {
      prepare: async ({ leaseMs }) => {
        expect(leaseMs).toBe(intentDeadlines(200).leaseMs);
        if (refuse) throw new AppError({ status: 409, code: "not_now", message: "not now" });
      },
    });
    await expect(runOnce(t.spec("p1"))).rejects.toMatchObject({ code: "not_now" });
    expect(await record(key)).toBeUndefined();
    expect(t.calls()).toBe(0);
    refuse = false;
    expect((await runOnce(t.spec("p2"))).status).toBe(200);
  });

  it("an owner that died mid-call (lease over) leaves the outcome unknown for good: the repeat is not sent", async () => {
    const key = fresh();
    const t = intent(key, async () => ok("never"));
    await db.insert(idempotencyRecords).values({
      ...businessIntent("credit.simulate", key),
      fingerprint: fingerprintOf("test", "same"),
      state: "in_progress",
      staffId: actor.id,
      requestId: "dead-owner",
      leaseExpiresAt: sql`now() - interval '1 second'`,
      expiresAt: null,
    });
    const replay = await runOnce(t.spec("after-death"));
    expect(replay.status).toBe(502);
    expect(replay.data).toEqual({
      error: {
        code: "credit_outcome_unknown",
        message: "The first request with this reference was interrupted before the payments API answered.",
      },
    });
    expect(replay.headers["Idempotent-Replayed"]).toBe("true");
    expect(t.calls()).toBe(0);
    expect(await record(key)).toMatchObject({ state: "completed", responseStatus: 502, requestId: "dead-owner" });
  });

  it("a member's key is the member's intent: a colleague's identical key is another intent with its own call", async () => {
    const key = fresh();
    let calls = 0;
    const spec = (staffId: string, requestId: string) => ({
      ...intent(key, async () => ok(`card-${++calls}`)).spec(requestId),
      action: "card.create" as const,
      intent: memberIntent("card.create", staffId, key),
      actor: { ...actor, id: staffId },
    });
    await runOnce(spec("00000000-0000-4000-8000-0000000000a1", "k1"));
    await runOnce(spec("00000000-0000-4000-8000-0000000000a2", "k2"));
    expect(calls).toBe(2);
  });
});
