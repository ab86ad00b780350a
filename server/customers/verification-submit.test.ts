import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffMember } from "@/server/auth/staff-repo";
import { auditLog, cardVerificationState } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { SEED } from "@/server/simulator/seed/ids";
import { fakeStaff } from "@/server/testing/staff";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { claimSubmit, readState, saveStatus } from "./verification-store";

// A claim's life, and so how long a submit waits on another's: shortened only where a test says.
// (Not by moving Date.now: PGlite's now() reads the same clock, so the claim would expire with it.)
const claimLife = vi.hoisted(() => ({ ms: undefined as number | undefined }));
vi.mock("./verification-check", async (importOriginal) => {
  const real = await importOriginal<typeof import("./verification-check")>();
  return { ...real, claimMs: () => claimLife.ms ?? real.claimMs() };
});
const { readVerification } = await import("./verification-check");
const { submitVerification } = await import("./verification-submit");

const c = SEED.customers;
const POST_OP = "POST /customers/{id}/card-verification";
const GET_OP = "GET /customers/{id}/card-verification";
const ops = fakeStaff("ops");
const colleague: StaffMember = { ...fakeStaff("ops"), id: "00000000-0000-4000-8000-000000000002", email: "colleague@example.com" };
const sim = () => embeddedSimulator();
const posts = () => sim().stats.count(POST_OP);

let database: Db;
withFreshDatabase((opened) => (database = opened));
afterEach(() => {
  sim().faults.clear();
  claimLife.ms = undefined;
});

async function submitAudits(customerId: string) {
  return database
    .select({ outcome: auditLog.outcome, actor: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.action, "verification.submit"), eq(auditLog.target, customerId)));
}

describe("submitVerification", () => {
  it.each([
    [c.rejected, "VERIFICATION_REJECTED", "REJECTED"],
    [c.reconciliation, "RECONCILIATION_REQUIRED", "RECONCILIATION_REQUIRED"],
  ])("learns the upstream's state of %s from its 409 and audits the failure", async (id, code, learned) => {
    await expect(submitVerification({ db: database, input: { id }, actor: ops, requestId: `req-${id}` })).rejects.toMatchObject({
      status: 409,
      code: "upstream_verification_error",
      upstreamCode: code,
    });
    const row = await readState({ db: database, customerId: id });
    expect(row).toMatchObject({ status: learned, canCreateCard: false, statusSource: "submit" });
    const [entry] = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verification.submit"), eq(auditLog.target, id)));
    expect(entry).toMatchObject({
      outcome: "failure",
      detail: { http_status: 409, code: "upstream_verification_error", upstream_code: code },
    });
  });

  it("marks a Nigerian customer as verified at card issuance from the 422 on nationality, and stores no status", async () => {
    await expect(submitVerification({ db: database, input: { id: c.nigerian }, actor: ops, requestId: "req-ng" })).rejects.toMatchObject({
      status: 422,
      field: "nationality",
    });
    const row = await readState({ db: database, customerId: c.nigerian });
    expect(row).toMatchObject({ verifiedAtIssuance: true, status: null });
  });

  it("submits once: a stored PENDING answers already_pending with no second upstream call", async () => {
    const before = embeddedSimulator().stats.count(POST_OP);
    const first = await submitVerification({ db: database, input: { id: c.willReject }, actor: ops, requestId: "req-1" });
    expect(first).toMatchObject({ outcome: "pending", view: { status: "PENDING", source: "submit", approved: false } });
    const again = await submitVerification({ db: database, input: { id: c.willReject }, actor: ops, requestId: "req-2" });
    expect(again.outcome).toBe("already_pending");
    expect(embeddedSimulator().stats.count(POST_OP) - before).toBe(1);
  });

  it("keeps a decision that arrived while the submit was in flight rather than the older answer", async () => {
    // A webhook decided after the submit was sent is newer than the submit's answer.
    await saveStatus({
      db: database,
      customerId: c.approved,
      update: { status: "REJECTED", canCreateCard: false, source: "webhook" },
      asOf: new Date(Date.now() + 60_000),
    });
    const result = await submitVerification({ db: database, input: { id: c.approved }, actor: ops, requestId: "req-3" });
    expect(result.view).toMatchObject({ status: "REJECTED", source: "webhook", approved: false });
    expect(await readState({ db: database, customerId: c.approved })).toMatchObject({ status: "REJECTED", statusSource: "webhook" });
  });

  it("sends one POST for 20 concurrent submits from two members; the others answer from the stored state", async () => {
    sim().faults.add({ operation: POST_OP, latencyMs: 400 });
    const before = posts();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitVerification({
          db: database,
          input: { id: c.notSubmitted },
          actor: i % 2 ? colleague : ops,
          requestId: `req-many-${i}`,
        }).catch((error: unknown) => error),
      ),
    );
    expect(posts() - before).toBe(1);
    const outcomes = answers.map((a) => (a as { outcome?: string }).outcome);
    expect(outcomes.filter((o) => o === "pending")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already_pending")).toHaveLength(19);
    for (const answer of answers) expect(answer).toMatchObject({ view: { status: "PENDING", source: "submit" } });
    expect(await submitAudits(c.notSubmitted)).toEqual([{ outcome: "success", actor: expect.any(String) }]);

    // The claim is given back, and a submit is not a check: the shared minute has not started.
    const row = await readState({ db: database, customerId: c.notSubmitted });
    expect(row).toMatchObject({ checkClaimId: null, checkClaimedUntil: null, checkedAt: null });
    const gets = sim().stats.count(GET_OP);
    await readVerification({ db: database, input: { id: c.notSubmitted, refresh: true } });
    expect(sim().stats.count(GET_OP) - gets).toBe(1);
  });

  it("answers concurrent submits with the state a colleague's refused submit learned, sending once", async () => {
    sim().faults.add({ operation: POST_OP, latencyMs: 300 });
    const before = posts();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        submitVerification({
          db: database,
          input: { id: c.reconciliation },
          actor: i % 2 ? colleague : ops,
          requestId: `req-409-${i}`,
        }).catch((error: unknown) => error),
      ),
    );
    expect(posts() - before).toBe(1);
    const refused = answers.filter((a) => (a as { status?: number }).status === 409);
    expect(refused).toEqual([expect.objectContaining({ upstreamCode: "RECONCILIATION_REQUIRED" })]);
    const answered = answers.filter((a) => !refused.includes(a));
    expect(answered).toHaveLength(5);
    for (const answer of answered) expect(answer).toMatchObject({ outcome: "status", view: { status: "RECONCILIATION_REQUIRED" } });
  });

  it("submits once a claim left behind by a crashed instance has expired", async () => {
    expect(await claimSubmit({ db: database, customerId: c.willApprove, claimId: "crashed-instance", claimMs: 60_000 })).toBe(true);
    await database
      .update(cardVerificationState)
      .set({ checkClaimedUntil: sql`now() - interval '1 second'` })
      .where(eq(cardVerificationState.customerId, c.willApprove));
    const before = posts();
    const result = await submitVerification({ db: database, input: { id: c.willApprove }, actor: ops, requestId: "req-after-crash" });
    expect(result).toMatchObject({ outcome: "pending", view: { status: "PENDING" } });
    expect(posts() - before).toBe(1);
    expect((await readState({ db: database, customerId: c.willApprove }))?.checkClaimId).toBeNull();
  });

  it("answers 409 with no upstream call when another request's claim outlives the wait", async () => {
    expect(await claimSubmit({ db: database, customerId: c.support, claimId: "still-running", claimMs: 60_000 })).toBe(true);
    claimLife.ms = 300;
    const before = posts();
    await expect(
      submitVerification({ db: database, input: { id: c.support }, actor: ops, requestId: "req-claimed" }),
    ).rejects.toMatchObject({ status: 409, code: "conflict" });
    expect(posts() - before).toBe(0);
    expect((await readState({ db: database, customerId: c.support }))?.checkClaimId).toBe("still-running");
  });
});
