import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/lib/errors";
import type { Role } from "@/lib/permissions";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { approvals, auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { withFreshDatabase } from "@/server/testing/database";
import type { StoredInput } from "./action-rules";
import { holdForApproval, runOnGrant } from "./hold";
import { approve, cancel, decline, type Executor, listApprovals } from "./service";
import { readApprovalSettings, saveApprovalSettings } from "./settings";

let db: Db;
withFreshDatabase((handle) => (db = handle));

let counter = 0;
async function member(role: Role, name = `${role} ${++counter}`): Promise<StaffMember & { sessionId: string }> {
  // Made a minute ago: a checker's account must predate the request it approves (the database's
  // clock ticks in milliseconds under PGlite, which a member made just before a request may share).
  const [row] = await db
    .insert(staff)
    .values({ email: `m${++counter}.${role}@example.com`, name, role, passwordHash: "x", createdAt: sql`now() - interval '1 minute'` })
    .returning();
  // A session id of the member's own: the executor must see the checker's, not the maker's.
  return { ...toMember(row!), sessionId: `session-of-${row!.id}` };
}

const noStepUp = async () => undefined;
const BASE = "http://localhost:3000";

function cardRequest(
  key: string,
  customerId = "cus_approval_1",
): { request: Request; input: Omit<StoredInput, "headers"> & { action: "card.create" } } {
  return {
    request: new Request(`${BASE}/api/v1/cards`, { method: "POST", headers: { "Idempotency-Key": key } }),
    input: { action: "card.create", params: {}, body: { customer_id: customerId }, query: undefined },
  };
}

async function requestCard(maker: StaffMember, key: string, customerId?: string) {
  const { request, input } = cardRequest(key, customerId);
  return holdForApproval({ db, actor: maker, input, requestId: `req-${key}`, request });
}

/** The maker's reveal of a BVN lookup, through the hold as the route would send it (their step-up passed, unless `stepUp` says otherwise). */
function revealAs(maker: StaffMember, lookupId: string, requestId: string, stepUp = noStepUp) {
  return holdForApproval({
    db,
    actor: maker,
    input: { action: "bvn.reveal", params: { id: lookupId }, body: undefined, query: undefined },
    requestId,
    request: new Request(`${BASE}/x`, { method: "POST" }),
    stepUp,
  });
}

/**
 * The maker's reveal as the route runs it: the hold, then the handler's answer (200 unless `answer`
 * says otherwise) on the grant it claimed.
 */
async function revealThrough(
  maker: StaffMember,
  lookupId: string,
  requestId: string,
  { stepUp = noStepUp, answer = async () => new Response("{}", { status: 200 }) } = {},
) {
  const decision = await revealAs(maker, lookupId, requestId, stepUp);
  if (decision.kind === "held") return decision;
  const response = await runOnGrant(db, decision.grant, answer);
  return { kind: "run" as const, status: response.status };
}

/** An executor that counts its runs and answers like card creation would. */
function countingExecutor(answer: { status: number; data: unknown } = { status: 200, data: { kind: "card", card: { id: "card_1" } } }) {
  const runs: Parameters<Executor>[0][] = [];
  const run: Executor = async (input) => {
    runs.push(input);
    // Give the other approvals every chance to interleave while "the upstream" is called.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { ...answer, headers: {} };
  };
  const execute = {
    "card.create": run,
    "staff.role": run,
    "staff.password_reset": run,
    "staff.second_factor_reset": run,
    "bvn.reveal": run,
  };
  return { runs, execute };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "none";
  } catch (error) {
    return isAppError(error) ? `${error.status} ${error.code}` : String(error);
  }
}

describe("which requests are held", () => {
  it("runs the action when approval is not required, and holds it once an administrator requires it (audited)", async () => {
    const admin = await member("admin");
    const maker = await member("ops");
    expect(await requestCard(maker, "k-free")).toEqual({ kind: "run" });
    await saveApprovalSettings({ db, actor: admin, input: { required: ["card.create", "bvn.reveal"] }, requestId: "r-settings" });
    expect((await readApprovalSettings(db)).required).toEqual(["card.create", "bvn.reveal"]);
    const held = await requestCard(maker, "k-held");
    expect(held).toMatchObject({
      kind: "held",
      approval: {
        action: "card.create",
        status: "pending",
        requested_by: { id: maker.id },
        summary: "Issue a card to customer cus_approval_1",
      },
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.request"), eq(auditLog.actorStaffId, maker.id)));
    expect(entry).toMatchObject({ target: "cus_approval_1", outcome: "success" });
    const [settingsEntry] = await db.select().from(auditLog).where(eq(auditLog.action, "approval.settings.update"));
    expect(settingsEntry?.detail).toMatchObject({ added: ["card.create", "bvn.reveal"] });
  });

  it("answers the same pending request when the maker sends the same intent again", async () => {
    const maker = await member("ops");
    const first = await requestCard(maker, "k-twice");
    const again = await requestCard(maker, "k-twice");
    expect(first.kind === "held" && again.kind === "held" && first.approval.id === again.approval.id).toBe(true);
    expect(await db.select().from(approvals).where(eq(approvals.intent, "k-twice"))).toHaveLength(1);
  });

  it("compares a repeated key's request by content, not by the order of its fields (jsonb keeps its own)", async () => {
    const maker = await member("ops");
    const send = (body: Record<string, unknown>) =>
      holdForApproval({
        db,
        actor: maker,
        input: { action: "card.create", params: {}, body, query: undefined },
        requestId: "r-order",
        request: cardRequest("k-order").request,
      });
    const first = await send({ customer_id: "cus_order", confirm_additional: true, acknowledged_issuance_id: 7 });
    const again = await send({ acknowledged_issuance_id: 7, confirm_additional: true, customer_id: "cus_order" });
    expect(first.kind === "held" && again.kind === "held" && first.approval.id === again.approval.id).toBe(true);
    expect(await codeOf(send({ customer_id: "cus_order", confirm_additional: true, acknowledged_issuance_id: 8 }))).toBe(
      "422 idempotency_key_reused",
    );
    expect(await db.select().from(approvals).where(eq(approvals.intent, "k-order"))).toHaveLength(1);
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.request"), eq(auditLog.actorStaffId, maker.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.outcome, e.detail?.code])).toEqual([
      ["success", undefined],
      ["failure", "idempotency_key_reused"],
    ]);
  });

  it("refuses a card request without an Idempotency-Key before storing anything", async () => {
    const maker = await member("ops");
    const request = new Request(`${BASE}/api/v1/cards`, { method: "POST" });
    const refused = holdForApproval({ db, actor: maker, input: cardRequest("unused").input, requestId: "r-nokey", request });
    expect(await codeOf(refused)).toBe("400 idempotency_key_required");
  });

  it("holds a staff PATCH that changes the role or the status, and adding a member", async () => {
    const admin = await member("admin");
    const target = await member("ops");
    await saveApprovalSettings({ db, actor: admin, input: { required: ["card.create", "bvn.reveal", "staff.role"] }, requestId: "r-s2" });
    const request = new Request(`${BASE}/api/staff/${target.id}`, { method: "PATCH" });
    const patch = (body: Record<string, unknown>, requestId: string) =>
      holdForApproval({
        db,
        actor: admin,
        input: { action: "staff.role", params: { id: target.id }, body, query: undefined },
        requestId,
        request,
      });
    expect(await patch({ status: "disabled" }, "r-p1")).toMatchObject({
      kind: "held",
      approval: { summary: `Disable the account of ${target.name} (${target.email})` },
    });
    expect(await patch({ status: "active" }, "r-p1b")).toMatchObject({
      kind: "held",
      approval: { summary: `Re-enable the account of ${target.name} (${target.email})` },
    });
    expect(await patch({ role: "admin" }, "r-p2")).toMatchObject({
      kind: "held",
      approval: { summary: `Make ${target.name} (${target.email}) Administrator` },
    });
    expect(await patch({ role: "finance", status: "disabled" }, "r-p3")).toMatchObject({
      kind: "held",
      approval: { summary: `Make ${target.name} (${target.email}) Finance and disable the account` },
    });

    const add = (body: Record<string, unknown>, requestId: string) =>
      holdForApproval({
        db,
        actor: admin,
        input: { action: "staff.role", params: {}, body, query: undefined },
        requestId,
        request: new Request(`${BASE}/api/staff`, { method: "POST" }),
      });
    const body = { email: "new.admin@example.com", name: "Nia New", role: "admin", password: "a-long-enough-password-1" };
    const added = await add(body, "r-p4");
    expect(added).toMatchObject({ kind: "held", approval: { summary: "Add Nia New (new.admin@example.com) as Administrator" } });
    // The same addition again answers the same request; the password is never stored as sent.
    const again = await add(body, "r-p5");
    expect(added.kind === "held" && again.kind === "held" && added.approval.id === again.approval.id).toBe(true);
    const [row] = await db.select().from(approvals).where(eq(approvals.intent, "create:new.admin@example.com:admin"));
    expect(JSON.stringify(row?.input)).not.toContain("a-long-enough-password-1");
    expect((row?.input as StoredInput).body).toMatchObject({ email: "new.admin@example.com", passwordHash: expect.any(String) });
    expect(await db.select().from(staff).where(eq(staff.email, "new.admin@example.com"))).toHaveLength(0);
  });
});

describe("approving", () => {
  it("refuses the maker approving their own request (403, audited) and leaves it pending", async () => {
    const maker = await member("ops");
    const held = await requestCard(maker, "k-self");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: maker, input: { id: held.approval.id }, requestId: "r-self", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("403 self_approval_forbidden");
    expect(runs).toHaveLength(0);
    const [row] = await db.select().from(approvals).where(eq(approvals.id, held.approval.id));
    expect(row?.status).toBe("pending");
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.approve"), eq(auditLog.outcome, "denied"), eq(auditLog.actorStaffId, maker.id)));
    expect(denied).toHaveLength(1);
  });

  it("refuses a checker whose account was made after the request (403, audited), leaving it pending for an older one", async () => {
    const maker = await member("admin");
    const held = await requestCard(maker, "k-newer-checker");
    if (held.kind !== "held") throw new Error("expected a held request");
    // Made now, after the request, as a second account of the maker's (or one the CLI made) would be.
    const [row] = await db
      .insert(staff)
      .values({ email: "newer.checker@example.com", name: "Newer", role: "admin", passwordHash: "x" })
      .returning();
    const newer = { ...toMember(row!), sessionId: "session-of-newer" };
    const { runs, execute } = countingExecutor();
    const approveAs = (actor: StaffMember) =>
      approve({ db, actor, input: { id: held.approval.id }, requestId: `r-newer-${actor.id}`, execute, origin: BASE, stepUp: noStepUp });
    expect(await codeOf(approveAs(newer))).toBe("403 self_approval_forbidden");
    expect(runs).toHaveLength(0);
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
    const [denied] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.approve"), eq(auditLog.outcome, "denied"), eq(auditLog.actorStaffId, newer.id)));
    expect(denied?.detail).toMatchObject({ code: "checker_newer_than_request" });

    const older = await member("admin");
    await approveAs(older);
    expect(runs).toHaveLength(1);
  });

  it("the claim itself judges the checker as it stands: disabled, reset or moved to a role without the action meanwhile, 403 and still pending", async () => {
    for (const [i, change] of [{ status: "disabled" as const }, { mustChangePassword: true }, { role: "finance" as const }].entries()) {
      const maker = await member("ops");
      const checker = await member("admin");
      const held = await requestCard(maker, `k-checker-changed-${i}`);
      if (held.kind !== "held") throw new Error("expected a held request");
      // Lands after route() admitted the checker's session, before approve() claims the request.
      const changedMeanwhile = async () => {
        await db.update(staff).set(change).where(eq(staff.id, checker.id));
      };
      const { runs, execute } = countingExecutor();
      const answer = approve({
        db,
        actor: checker,
        input: { id: held.approval.id },
        requestId: `r-cc-${i}`,
        execute,
        origin: BASE,
        stepUp: changedMeanwhile,
      });
      expect([change, await codeOf(answer)]).toEqual([change, "403 forbidden"]);
      expect(runs).toHaveLength(0);
      expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
    }
  });

  it("the claim itself compares the account's creation with the request's, on the database's clock", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-newer-claim");
    if (held.kind !== "held") throw new Error("expected a held request");
    // Lands after approve() checked the checker, before it claims the request (a clock moved, a row rewritten).
    const recreatedMeanwhile = async () => {
      await db
        .update(staff)
        .set({ createdAt: sql`now() + interval '1 minute'` })
        .where(eq(staff.id, checker.id));
    };
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({
          db,
          actor: checker,
          input: { id: held.approval.id },
          requestId: "r-nc",
          execute,
          origin: BASE,
          stepUp: recreatedMeanwhile,
        }),
      ),
    ).toBe("403 self_approval_forbidden");
    expect(runs).toHaveLength(0);
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
  });

  it("hides a request from a member whose role may not do the action", async () => {
    const maker = await member("ops");
    const finance = await member("finance");
    const held = await requestCard(maker, "k-role");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: finance, input: { id: held.approval.id }, requestId: "r-fin", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("404 approval_not_found");
    expect((await listApprovals({ db, actor: finance, input: {} })).approvals.map((a) => a.id)).not.toContain(held.approval.id);
  });

  it("20 concurrent approvals from two members: one execution, one success, 19 × 409 approval_already_decided", async () => {
    const maker = await member("ops", "Mary Maker");
    const checkers = [await member("ops", "Chuck Checker"), await member("admin", "Ada Admin")];
    const held = await requestCard(maker, "k-race", "cus_race");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { runs, execute } = countingExecutor();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeOf(
          approve({
            db,
            actor: checkers[i % 2]!,
            input: { id: held.approval.id },
            requestId: `r-race-${i}`,
            execute,
            origin: BASE,
            stepUp: noStepUp,
          }),
        ),
      ),
    );
    expect(runs).toHaveLength(1);
    expect(outcomes.filter((o) => o === "none")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "409 approval_already_decided")).toHaveLength(19);
    // The maker's original input, run as the maker, with the session (step-up) of the checker who won.
    const run = runs[0]!;
    expect(run.input).toEqual({ params: {}, body: { customer_id: "cus_race" }, headers: { "Idempotency-Key": "k-race" } });
    expect(run.staff.id).toBe(maker.id);
    const [row] = await db.select().from(approvals).where(eq(approvals.id, held.approval.id));
    const winner = checkers.find((c) => c.id === row?.decidedBy)!;
    expect(run.staff.sessionId).toBe(winner.sessionId);
    expect(row).toMatchObject({ status: "executed", resultStatus: 200, decidedByName: winner.name });
    // Audited with both names, on the customer's timeline target.
    const steps = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, "cus_race"), sql`${auditLog.action} like 'approval.%'`, eq(auditLog.outcome, "success")));
    expect(steps.map((s) => s.action).sort()).toEqual(["approval.approve", "approval.execute", "approval.request"]);
    expect(steps.find((s) => s.action === "approval.execute")?.detail).toMatchObject({
      requested_by: `Mary Maker <${maker.email}>`,
      approved_by: `${winner.name} <${winner.email}>`,
    });
  });

  it("records a refusal by the action itself (failed) and an unknown card outcome (unknown)", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const refused = await requestCard(maker, "k-refused");
    const unsure = await requestCard(maker, "k-unsure");
    if (refused.kind !== "held" || unsure.kind !== "held") throw new Error("expected held requests");
    const refusal = countingExecutor({ status: 409, data: { error: { code: "verification_not_approved", message: "no" } } });
    const answer = await approve({
      db,
      actor: checker,
      input: { id: refused.approval.id },
      requestId: "r-f",
      execute: refusal.execute,
      origin: BASE,
      stepUp: noStepUp,
    });
    expect(answer.status).toBe(409);
    const timeout = countingExecutor({ status: 502, data: { error: { code: "card_outcome_unknown", message: "?" } } });
    await approve({
      db,
      actor: checker,
      input: { id: unsure.approval.id },
      requestId: "r-u",
      execute: timeout.execute,
      origin: BASE,
      stepUp: noStepUp,
    });
    const rows = await db
      .select()
      .from(approvals)
      .where(sql`${approvals.id} in (${refused.approval.id}, ${unsure.approval.id})`);
    expect(Object.fromEntries(rows.map((r) => [r.intent, `${r.status} ${r.resultCode}`]))).toEqual({
      "k-refused": "failed verification_not_approved",
      "k-unsure": "unknown card_outcome_unknown",
    });
  });

  it("does not spend the approval when the checker still owes a step-up code", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-stepup");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { runs, execute } = countingExecutor();
    const owesCode = async () => {
      throw new AppError({ status: 403, code: "step_up_required", message: "code" });
    };
    expect(
      await codeOf(
        approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-su", execute, origin: BASE, stepUp: owesCode }),
      ),
    ).toBe("403 step_up_required");
    expect(runs).toHaveLength(0);
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
  });

  it("refuses to run in the name of a maker who was disabled meanwhile", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-disabled");
    if (held.kind !== "held") throw new Error("expected a held request");
    await db.update(staff).set({ status: "disabled" }).where(eq(staff.id, maker.id));
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-dis", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("409 approval_requester_unable");
    expect(runs).toHaveLength(0);
  });

  it("refuses to run in the name of a maker whose password was reset, leaving the request pending", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-reset");
    if (held.kind !== "held") throw new Error("expected a held request");
    await db.update(staff).set({ mustChangePassword: true }).where(eq(staff.id, maker.id));
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-reset", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("409 approval_requester_unable");
    expect(runs).toHaveLength(0);
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
  });

  it("refuses a maker reset while the checker was stepping up: the claim itself reads the maker", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-reset-late");
    if (held.kind !== "held") throw new Error("expected a held request");
    // Lands after approve() read the maker, before it claims the request.
    const resetMeanwhile = async () => {
      await db.update(staff).set({ mustChangePassword: true }).where(eq(staff.id, maker.id));
    };
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({
          db,
          actor: checker,
          input: { id: held.approval.id },
          requestId: "r-late",
          execute,
          origin: BASE,
          stepUp: resetMeanwhile,
        }),
      ),
    ).toBe("409 approval_requester_unable");
    expect(runs).toHaveLength(0);
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("pending");
  });

  it("answers 410 approval_expired after 24 hours, and lists the request as expired", async () => {
    const maker = await member("ops");
    const checker = await member("admin");
    const held = await requestCard(maker, "k-old");
    if (held.kind !== "held") throw new Error("expected a held request");
    await db
      .update(approvals)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(approvals.id, held.approval.id));
    const { runs, execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-old", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("410 approval_expired");
    expect(runs).toHaveLength(0);
    const listed = (await listApprovals({ db, actor: maker, input: { status: "expired" } })).approvals;
    expect(listed.map((a) => a.id)).toContain(held.approval.id);
    // A new request for the same intent is a new request, not the expired one.
    const again = await requestCard(maker, "k-old");
    expect(again.kind === "held" && again.approval.id !== held.approval.id).toBe(true);
  });
});

describe("declining and cancelling", () => {
  it("declines with a reason (both names audited); the maker cannot decline, only cancel", async () => {
    const maker = await member("ops");
    const checker = await member("ops");
    const held = await requestCard(maker, "k-decline");
    if (held.kind !== "held") throw new Error("expected a held request");
    expect(await codeOf(decline({ db, actor: maker, input: { id: held.approval.id, reason: "mine" }, requestId: "r-d0" }))).toBe(
      "403 self_approval_forbidden",
    );
    const { approval } = await decline({
      db,
      actor: checker,
      input: { id: held.approval.id, reason: "Customer asked us to wait" },
      requestId: "r-d1",
    });
    expect(approval).toMatchObject({ status: "declined", reason: "Customer asked us to wait", decided_by: { id: checker.id } });
    const { execute } = countingExecutor();
    expect(
      await codeOf(
        approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-d2", execute, origin: BASE, stepUp: noStepUp }),
      ),
    ).toBe("409 approval_already_decided");
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.decline"), eq(auditLog.actorStaffId, checker.id)));
    expect(entry?.detail).toMatchObject({ declined_by: `${checker.name} <${checker.email}>`, reason: "Customer asked us to wait" });
  });

  it("lets only the maker cancel", async () => {
    const maker = await member("ops");
    const other = await member("ops");
    const held = await requestCard(maker, "k-cancel");
    if (held.kind !== "held") throw new Error("expected a held request");
    expect(await codeOf(cancel({ db, actor: other, input: { id: held.approval.id }, requestId: "r-c0" }))).toBe("403 forbidden");
    expect((await cancel({ db, actor: maker, input: { id: held.approval.id }, requestId: "r-c1" })).approval.status).toBe("cancelled");
    expect(await codeOf(cancel({ db, actor: maker, input: { id: held.approval.id }, requestId: "r-c2" }))).toBe(
      "409 approval_already_decided",
    );
  });
});

describe("a BVN reveal", () => {
  it("is granted to the maker once: the checker's approval runs nothing, the maker's next reveal runs, the one after is held again", async () => {
    const maker = await member("compliance");
    const checker = await member("compliance");
    const reveal = (requestId: string) => revealThrough(maker, "lookup_1", requestId);
    const held = await reveal("r-b1");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { runs, execute } = countingExecutor();
    const answer = await approve({
      db,
      actor: checker,
      input: { id: held.approval.id },
      requestId: "r-b2",
      execute,
      origin: BASE,
      stepUp: noStepUp,
    });
    expect(runs).toHaveLength(0);
    expect(answer.data).toMatchObject({ kind: "approval_granted", approval: { status: "approved", usable_until: expect.any(String) } });
    expect(await reveal("r-b3")).toEqual({ kind: "run", status: 200 });
    expect(await reveal("r-b4")).toMatchObject({ kind: "held" });
    const used = await db.select().from(auditLog).where(eq(auditLog.action, "approval.use"));
    expect(used[0]?.detail).toMatchObject({ approved_by: `${checker.name} <${checker.email}>` });
  });
});

describe("a granted BVN reveal and the maker's step-up", () => {
  it("is not spent by a request whose step-up is refused: 403, the grant stays usable, and the next request with a code uses it", async () => {
    const maker = await member("compliance");
    const checker = await member("compliance");
    const held = await revealAs(maker, "lookup_stale_code", "r-sc1");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { execute } = countingExecutor();
    await approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-sc2", execute, origin: BASE, stepUp: noStepUp });
    const stale = async () => {
      throw new AppError({ status: 403, code: "step_up_required", message: "code" });
    };
    expect(await codeOf(revealAs(maker, "lookup_stale_code", "r-sc3", stale))).toBe("403 step_up_required");
    expect((await db.select().from(approvals).where(eq(approvals.id, held.approval.id)))[0]?.status).toBe("approved");
    expect(await db.select().from(auditLog).where(eq(auditLog.requestId, "r-sc3"))).toHaveLength(0);
    expect(await revealThrough(maker, "lookup_stale_code", "r-sc4")).toEqual({ kind: "run", status: 200 });
    expect(await revealThrough(maker, "lookup_stale_code", "r-sc5")).toMatchObject({ kind: "held" });
  });

  it("asks no code of a request that has no grant to spend: asking changes nothing", async () => {
    const maker = await member("compliance");
    const refuse = async () => {
      throw new AppError({ status: 403, code: "step_up_required", message: "code" });
    };
    expect(await revealAs(maker, "lookup_no_grant", "r-ng1", refuse)).toMatchObject({ kind: "held" });
  });
});

describe("a BVN reveal grant whose checker can no longer grant it", () => {
  /** The maker's reveal, approved by a compliance checker; then `change` happens to the checker. */
  async function grantedThen(lookupId: string, change: Partial<typeof staff.$inferInsert>) {
    const maker = await member("compliance");
    const checker = await member("compliance");
    const reveal = (requestId: string) => revealAs(maker, lookupId, requestId);
    const held = await reveal(`${lookupId}-1`);
    if (held.kind !== "held") throw new Error("expected a held request");
    const { execute } = countingExecutor();
    await approve({
      db,
      actor: checker,
      input: { id: held.approval.id },
      requestId: `${lookupId}-2`,
      execute,
      origin: BASE,
      stepUp: noStepUp,
    });
    await db.update(staff).set(change).where(eq(staff.id, checker.id));
    return { reveal, grantId: held.approval.id };
  }

  it.each([
    ["disabled", { status: "disabled" as const }],
    ["moved to a role without BVN lookups", { role: "ops" as const }],
    ["reset (must change their password)", { mustChangePassword: true }],
  ])("is void once the checker is %s: the maker's next reveal is held for a new approval, not run", async (_, change) => {
    const lookupId = `lookup_void_${++counter}`;
    const { reveal, grantId } = await grantedThen(lookupId, change);
    const next = await reveal(`${lookupId}-3`);
    expect(next).toMatchObject({ kind: "held", approval: { status: "pending" } });
    expect(next.kind === "held" && next.approval.id).not.toBe(grantId);
    const [grant] = await db.select().from(approvals).where(eq(approvals.id, grantId));
    expect(grant?.status).toBe("expired");
    const [refused] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.use"), sql`${auditLog.detail}->>'approval_id' = ${grantId}`));
    expect(refused).toMatchObject({ outcome: "denied", detail: expect.objectContaining({ code: "approver_unable" }) });
  });
});

describe("when a step's entry cannot be written, the step does not happen", () => {
  const statusOf = async (id: string) => (await db.select().from(approvals).where(eq(approvals.id, id)))[0]?.status;

  it("a request is not stored unaudited: the same request again stores it, audited once", async () => {
    const admin = await member("admin");
    const maker = await member("ops");
    await saveApprovalSettings({ db, actor: admin, input: { required: ["card.create", "bvn.reveal"] }, requestId: "r-refuse-settings" });
    await whileAuditRefused(db, "approval.request", () => expect(requestCard(maker, "k-refused")).rejects.toThrow());
    expect(await db.select().from(approvals).where(eq(approvals.requestedBy, maker.id))).toHaveLength(0);

    const held = await requestCard(maker, "k-refused");
    expect(held.kind).toBe("held");
    expect(await requestCard(maker, "k-refused")).toMatchObject({ kind: "held" });
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.request"), eq(auditLog.actorStaffId, maker.id)));
    expect(entries).toHaveLength(1);
  });

  it("approving runs nothing and leaves the request pending; declining and cancelling leave it pending too", async () => {
    const maker = await member("ops");
    const checker = await member("ops");
    const held = await requestCard(maker, "k-refused-steps", "cus_refused");
    if (held.kind !== "held") throw new Error("expected a held request");
    const id = held.approval.id;
    const { runs, execute } = countingExecutor();
    const approveIt = () => approve({ db, actor: checker, input: { id }, requestId: "r-ra", execute, origin: BASE, stepUp: noStepUp });

    await whileAuditRefused(db, "approval.approve", () => expect(approveIt()).rejects.toThrow());
    expect(runs).toHaveLength(0);
    expect(await statusOf(id)).toBe("pending");
    await whileAuditRefused(db, "approval.decline", () =>
      expect(decline({ db, actor: checker, input: { id, reason: "not now" }, requestId: "r-rd" })).rejects.toThrow(),
    );
    expect(await statusOf(id)).toBe("pending");
    await whileAuditRefused(db, "approval.cancel", () =>
      expect(cancel({ db, actor: maker, input: { id }, requestId: "r-rc" })).rejects.toThrow(),
    );
    expect(await statusOf(id)).toBe("pending");

    await approveIt();
    expect(runs).toHaveLength(1);
    expect(await statusOf(id)).toBe("executed");
  });

  it("after the action has run, a refused entry changes neither its answer nor what the request records", async () => {
    const maker = await member("ops");
    const checker = await member("ops");
    const held = await requestCard(maker, "k-refused-execute", "cus_refused_execute");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { runs, execute } = countingExecutor();
    const answer = await whileAuditRefused(db, "approval.execute", () =>
      approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-rx", execute, origin: BASE, stepUp: noStepUp }),
    );
    expect(runs).toHaveLength(1);
    expect(answer.status).toBe(200);
    expect(await statusOf(held.approval.id)).toBe("executed");
  });

  it("a granted reveal is not used up unaudited", async () => {
    const admin = await member("admin");
    await saveApprovalSettings({ db, actor: admin, input: { required: ["card.create", "bvn.reveal"] }, requestId: "r-rb0" });
    const maker = await member("compliance");
    const checker = await member("compliance");
    const reveal = (requestId: string) => revealThrough(maker, "lookup_refused", requestId);
    const held = await reveal("r-rb1");
    if (held.kind !== "held") throw new Error("expected a held request");
    const { execute } = countingExecutor();
    await approve({ db, actor: checker, input: { id: held.approval.id }, requestId: "r-rb2", execute, origin: BASE, stepUp: noStepUp });

    // The answer is not sent without its entry, so the grant is given back rather than spent.
    await whileAuditRefused(db, "approval.use", () => expect(reveal("r-rb3")).rejects.toThrow());
    expect(await statusOf(held.approval.id)).toBe("approved");
    expect(await reveal("r-rb4")).toEqual({ kind: "run", status: 200 });
    expect(await statusOf(held.approval.id)).toBe("executed");
  });
});
