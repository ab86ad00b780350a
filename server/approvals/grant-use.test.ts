import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { AppError, isAppError } from "@/lib/errors";
import type { Role } from "@/lib/permissions";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { db as processDb, openDatabase } from "@/server/db/client";
import { rows } from "@/server/db/migrate";
import { approvals, auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import type { AuditAnswer } from "@/server/audit/answer-entries";
import { holdForApproval, runOnGrant } from "./hold";
import { approve, type Executor, listApprovals } from "./service";
import { saveApprovalSettings } from "./settings";
import { GRANT_CLAIM_SECONDS } from "./store";

// Two instances on one database: under PostgreSQL each has a pool of its own, as two processes
// would; PGlite is one process's own database, so both are the same handle there.
let db: Db;
let other: Db;
let closeOther: (() => Promise<void>) | undefined;
beforeAll(async () => {
  db = await processDb();
  const config = env().database;
  if (config.kind === "postgres") {
    const second = await openDatabase(config);
    other = second.db;
    closeOther = second.close;
  } else other = db;
  const admin = await member("admin");
  await saveApprovalSettings({ db, actor: admin, input: { required: ["bvn.reveal"] }, requestId: "r-settings" });
}, 60_000);
afterAll(() => closeOther?.());

let counter = 0;
async function member(role: Role): Promise<StaffMember> {
  // Made a minute ago: a checker's account must predate the request it approves.
  const [row] = await db
    .insert(staff)
    .values({
      email: `g${++counter}.${role}@example.com`,
      name: `${role} ${counter}`,
      role,
      passwordHash: "x",
      createdAt: sql`now() - interval '1 minute'`,
    })
    .returning();
  return toMember(row!);
}

const BASE = "http://localhost:3000";
const noStepUp = async (): Promise<void> => undefined;
const ok = async () => new Response("{}", { status: 200 });
type Answer = (auditAnswer: AuditAnswer) => Promise<Response>;
/** A handler's answer that records, as the reveal's does, what it gives away. */
const revealing =
  (lookupId: string, requestId: string): Answer =>
  async (auditAnswer) => {
    await auditAnswer({ actor: null, action: "bvn.reveal", target: lookupId, outcome: "success", requestId, detail: { lookupId } });
    return Response.json({ revealed: true });
  };
const nothing: Executor = async () => ({ status: 200, data: {}, headers: {} });
const execute = {
  "card.create": nothing,
  "staff.role": nothing,
  "staff.password_reset": nothing,
  "staff.second_factor_reset": nothing,
  "bvn.reveal": nothing,
};

function hold(on: Db, maker: StaffMember, lookupId: string, requestId: string, stepUp = noStepUp) {
  return holdForApproval({
    db: on,
    actor: maker,
    input: { action: "bvn.reveal", params: { id: lookupId }, body: undefined, query: undefined },
    requestId,
    request: new Request(`${BASE}/x`, { method: "POST" }),
    stepUp,
  });
}

/** One reveal as the route runs it: the hold, then `answer` (the handler and its answer) on the grant it claimed. */
async function reveal(maker: StaffMember, lookupId: string, requestId: string, answer: Answer = ok, on = db) {
  const decision = await hold(on, maker, lookupId, requestId);
  if (decision.kind === "held") return { kind: "held" as const, status: decision.approval.status, id: decision.approval.id };
  return { kind: "run" as const, onGrant: decision.grant !== undefined, status: (await runOnGrant(on, decision.grant, answer)).status };
}

/** A reveal of `lookupId` held for `maker` and approved by another compliance member: the grant's id. */
async function granted(lookupId: string) {
  const maker = await member("compliance");
  const checker = await member("compliance");
  const held = await hold(db, maker, lookupId, `${lookupId}-ask`);
  if (held.kind !== "held") throw new Error("expected a held request");
  await approve({
    db,
    actor: checker,
    input: { id: held.approval.id },
    requestId: `${lookupId}-approve`,
    execute,
    origin: BASE,
    stepUp: noStepUp,
  });
  return { maker, checker, grantId: held.approval.id };
}

const grantRow = async (id: string) => (await db.select().from(approvals).where(eq(approvals.id, id)))[0];
const uses = (id: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "approval.use"), sql`${auditLog.detail}->>'approval_id' = ${id}`))
    .orderBy(auditLog.id);

/** The requests whose `bvn.reveal` entry for `lookupId` is in the trail, in order. */
const reveals = async (lookupId: string) =>
  (
    await db
      .select({ requestId: auditLog.requestId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "bvn.reveal"), sql`${auditLog.detail}->>'lookupId' = ${lookupId}`))
      .orderBy(auditLog.id)
  ).map((r) => r.requestId);

/** What a call came to: its own answer when it is a string, else "none"; a refusal's status and code. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    const answer = await promise;
    return typeof answer === "string" ? answer : "none";
  } catch (error) {
    return isAppError(error) ? `${error.status} ${error.code}` : String(error);
  }
}

const refusal = (status: number, code: string) => async (): Promise<Response> => {
  throw new AppError({ status, code, message: code });
};

describe("a granted reveal is used up only by a request that succeeded", () => {
  it.each([
    [
      "the handler refuses (its own step-up, 403)",
      refusal(403, "step_up_required"),
      "403 step_up_required",
      { http_status: 403, code: "step_up_required" },
    ],
    [
      "the handler throws before anything was revealed",
      () => Promise.reject(new Error("boom")),
      "Error: boom",
      { http_status: 500, code: "internal_error" },
    ],
    [
      "the answer is a refusal (the lookup expired, 410)",
      async () => Response.json({ error: { code: "lookup_expired", message: "gone" } }, { status: 410 }),
      "answered 410",
      { http_status: 410, code: "lookup_expired" },
    ],
  ])("%s: the grant stays usable, audited as a failed use, and the next request uses it once", async (_, fails, outcome, detail) => {
    const lookupId = `lookup_fails_${++counter}`;
    const { maker, grantId } = await granted(lookupId);
    expect(await codeOf(reveal(maker, lookupId, `${lookupId}-1`, fails).then((r) => `answered ${r.status}`))).toBe(outcome);
    expect(await grantRow(grantId)).toMatchObject({ status: "approved", claimId: null, claimedUntil: null, finishedAt: null });
    expect((await uses(grantId)).map((e) => [e.outcome, e.requestId, e.detail])).toEqual([
      ["failure", `${lookupId}-1`, expect.objectContaining(detail)],
    ]);

    expect(await reveal(maker, lookupId, `${lookupId}-2`)).toEqual({ kind: "run", onGrant: true, status: 200 });
    expect(await grantRow(grantId)).toMatchObject({ status: "executed", resultStatus: 200 });
    expect((await uses(grantId)).map((e) => [e.outcome, e.requestId])).toEqual([
      ["failure", `${lookupId}-1`],
      ["success", `${lookupId}-2`],
    ]);
    expect(await reveal(maker, lookupId, `${lookupId}-3`)).toMatchObject({ kind: "held", status: "pending" });
  });

  it("while one request uses it, the queue shows it in use and the maker's other request is refused 409 without being asked for a code", async () => {
    const lookupId = "lookup_in_use";
    const { maker, checker, grantId } = await granted(lookupId);
    const codeAsked: string[] = [];
    const asking = async () => {
      codeAsked.push("asked");
    };
    const during = async () => {
      const queue = await listApprovals({ db, actor: checker, input: {} });
      expect(queue.approvals.find((a) => a.id === grantId)?.status).toBe("in_use");
      expect(await codeOf(hold(other, maker, lookupId, `${lookupId}-2`, asking))).toBe("409 approval_in_use");
      return ok();
    };
    expect(await reveal(maker, lookupId, `${lookupId}-1`, during)).toEqual({ kind: "run", onGrant: true, status: 200 });
    expect(codeAsked).toEqual([]);
    expect(await grantRow(grantId)).toMatchObject({ status: "executed" });
    expect((await uses(grantId)).map((e) => e.outcome)).toEqual(["success"]);
  });

  it("20 concurrent requests on two instances: the handler runs at most once at a time; failed runs give it back; one use", async () => {
    const lookupId = "lookup_concurrent";
    const { maker, grantId } = await granted(lookupId);
    let running = 0;
    let most = 0;
    let runs = 0;
    const FAILING = 3;
    const handler: Answer = async (auditAnswer) => {
      running++;
      most = Math.max(most, running);
      const run = ++runs;
      // Long enough for every other request to arrive while this one holds the grant.
      await new Promise((resolve) => setTimeout(resolve, 15));
      running--;
      // Every run records its reveal; only the one whose answer is sent leaves it in the trail.
      const answered = await revealing(lookupId, `run-${run}`)(auditAnswer);
      if (run <= FAILING) throw new AppError({ status: 503, code: "upstream_unavailable", message: "try again" });
      return answered;
    };
    // Each request retries while the grant is in use, as a member pressing again would.
    const oneRequest = async (n: number) => {
      for (let attempt = 0; attempt < 500; attempt++) {
        try {
          return await reveal(maker, lookupId, `${lookupId}-${n}-${attempt}`, handler, n % 2 ? other : db);
        } catch (error) {
          if (!isAppError(error) || error.code !== "approval_in_use")
            return { kind: "failed" as const, status: isAppError(error) ? error.status : 500 };
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
      throw new Error("the grant stayed in use");
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => oneRequest(n)));

    expect(most).toBe(1);
    expect(runs).toBe(FAILING + 1);
    expect(results.filter((r) => r.kind === "failed")).toHaveLength(FAILING);
    expect(results.filter((r) => r.kind === "run")).toEqual([{ kind: "run", onGrant: true, status: 200 }]);
    // The rest came after the use: held as a new request, not run.
    expect(results.filter((r) => r.kind === "held")).toHaveLength(20 - FAILING - 1);
    expect(await grantRow(grantId)).toMatchObject({ status: "executed" });
    const entries = await uses(grantId);
    expect(entries.filter((e) => e.outcome === "success")).toHaveLength(1);
    expect(entries.filter((e) => e.outcome === "failure")).toHaveLength(FAILING);
    expect(await reveals(lookupId)).toEqual([`run-${FAILING + 1}`]);
  });

  it("a request that outran its claim while another took the grant over and used it: its answer is withheld, 409", async () => {
    const lookupId = "lookup_outran";
    const { maker, grantId } = await granted(lookupId);
    const slow = await hold(db, maker, lookupId, `${lookupId}-slow`);
    if (slow.kind !== "run" || !slow.grant) throw new Error("expected a claimed grant");
    let sent = false;
    const answer: Answer = async (auditAnswer) => {
      // The slow request's handler is still at work when its claim ends, and another request of the maker's takes the grant.
      await db
        .update(approvals)
        .set({ claimedUntil: sql`now() - interval '1 millisecond'` })
        .where(eq(approvals.id, grantId));
      expect(await reveal(maker, lookupId, `${lookupId}-fast`, revealing(lookupId, `${lookupId}-fast`), other)).toEqual({
        kind: "run",
        onGrant: true,
        status: 200,
      });
      sent = true;
      return revealing(lookupId, `${lookupId}-slow`)(auditAnswer);
    };
    expect(await codeOf(runOnGrant(db, slow.grant, answer))).toBe("409 approval_in_use");
    expect(sent).toBe(true);
    expect(await grantRow(grantId)).toMatchObject({ status: "executed" });
    // The trail says which request's values were sent: one reveal, with the use that spent the grant.
    expect((await uses(grantId)).map((e) => [e.outcome, e.requestId, e.detail?.code ?? null, e.detail?.answer_withheld ?? null])).toEqual([
      ["success", `${lookupId}-fast`, null, null],
      ["failure", `${lookupId}-slow`, "approval_in_use", true],
    ]);
    expect(await reveals(lookupId)).toEqual([`${lookupId}-fast`]);
  });

  it("a request that outran its claim while nobody else used the grant still answers, and uses it up", async () => {
    const lookupId = "lookup_outran_alone";
    const { maker, checker, grantId } = await granted(lookupId);
    const slow = await hold(db, maker, lookupId, `${lookupId}-slow`);
    if (slow.kind !== "run" || !slow.grant) throw new Error("expected a claimed grant");
    const answer = async () => {
      await db
        .update(approvals)
        .set({ claimedUntil: sql`now() - interval '1 millisecond'` })
        .where(eq(approvals.id, grantId));
      // A reader meanwhile gives the overdue claim back.
      await listApprovals({ db, actor: checker, input: {} });
      expect(await grantRow(grantId)).toMatchObject({ status: "approved", claimId: null });
      return ok();
    };
    expect((await runOnGrant(db, slow.grant, answer)).status).toBe(200);
    expect(await grantRow(grantId)).toMatchObject({ status: "executed" });
    expect((await uses(grantId)).map((e) => [e.outcome, e.requestId])).toEqual([["success", `${lookupId}-slow`]]);
    expect(await reveal(maker, lookupId, `${lookupId}-again`)).toMatchObject({ kind: "held", status: "pending" });
  });

  it("a claim whose request stopped holds the grant only until its bound, judged on the database's clock", async () => {
    const lookupId = "lookup_abandoned";
    const { maker, checker, grantId } = await granted(lookupId);
    // The request claims the grant, then its instance stops: nothing settles the claim.
    const stopped = await hold(db, maker, lookupId, `${lookupId}-stopped`);
    expect(stopped).toMatchObject({ kind: "run", grant: expect.anything() });
    const [bound] = rows<{ seconds: number }>(
      await db.execute(sql`SELECT extract(epoch FROM claimed_until - now())::float AS seconds FROM approvals WHERE id = ${grantId}`),
    );
    expect(bound?.seconds).toBeGreaterThan(GRANT_CLAIM_SECONDS - 10);
    expect(bound?.seconds).toBeLessThanOrEqual(GRANT_CLAIM_SECONDS);

    expect(await codeOf(reveal(maker, lookupId, `${lookupId}-early`))).toBe("409 approval_in_use");
    // An instance whose clock runs an hour ahead does not take it over early.
    expect(await codeOf(withAppClockSkew(3600_000, () => reveal(maker, lookupId, `${lookupId}-ahead`, ok, other)))).toBe(
      "409 approval_in_use",
    );

    await db
      .update(approvals)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(approvals.id, grantId));
    const queue = await listApprovals({ db, actor: checker, input: {} });
    expect(queue.approvals.find((a) => a.id === grantId)?.status).toBe("approved");
    expect(await reveal(maker, lookupId, `${lookupId}-after`, ok, other)).toEqual({ kind: "run", onGrant: true, status: 200 });
    expect(await grantRow(grantId)).toMatchObject({ status: "executed" });
    expect((await uses(grantId)).map((e) => [e.outcome, e.requestId])).toEqual([["success", `${lookupId}-after`]]);
  });
});
