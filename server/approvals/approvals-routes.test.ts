import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { findStaffByEmail, findStaffById, type StaffMember, upsertStaff } from "@/server/auth/staff-repo";
import { rememberLookup } from "@/server/compliance/bvn-cache";
import { saveStatus } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import { approvals, auditLog, bvnReveals, cardIssuances, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { BVN_RECORDS } from "@/server/simulator/seed/bvn";
import { SEED } from "@/server/simulator/seed/ids";
import { demoMember } from "@/server/testing/demo-accounts";
import { jsonRequest } from "@/server/testing/staff";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";

// The real routes, database, upstream client and embedded simulator; only the session is faked,
// per call (AsyncLocalStorage), so two members' requests can run at the same time.
type Member = StaffMember & { sessionId: string; mustChangePassword: boolean };
const session = vi.hoisted(() => ({ current: null as (() => unknown) | null }));
const stepUps = vi.hoisted(() => [] as string[]);
// Sessions whose last code is older than the step-up window: their step-up check answers 403.
const staleStepUp = vi.hoisted(() => new Set<string>());
// Sessions whose code ages out after this many more checks pass: the next one answers 403, once.
const agingStepUp = vi.hoisted(() => new Map<string, number>());
vi.mock("@/server/auth/session", () => ({ currentStaff: async () => session.current?.() ?? null }));
// The step-up check records whose session it judged: an approval must judge the checker's.
vi.mock("@/server/auth/step-up", () => ({
  requireRecentSecondFactor: async ({ actor }: { actor: { sessionId?: string } }) => {
    stepUps.push(actor.sessionId ?? "none");
    const passes = agingStepUp.get(actor.sessionId ?? "");
    if (passes !== undefined) {
      if (passes > 0) agingStepUp.set(actor.sessionId ?? "", passes - 1);
      else agingStepUp.delete(actor.sessionId ?? "");
    }
    if (!staleStepUp.has(actor.sessionId ?? "") && passes !== 0) return;
    const { AppError } = await import("@/lib/errors");
    throw new AppError({ status: 403, code: "step_up_required", message: "Confirm it is you." });
  },
}));
const TOKEN = "approvals-metrics-token-0123456789";
vi.stubEnv("METRICS_TOKEN", TOKEN);

const cards = await import("@/app/api/v1/cards/route");
const staffRoute = await import("@/app/api/staff/route");
const staffMemberRoute = await import("@/app/api/staff/[id]/route");
const revealRoute = await import("@/app/api/v1/identity/bvn/lookups/[id]/reveal/route");
const list = await import("@/app/api/approvals/route");
const approveRoute = await import("@/app/api/approvals/[id]/approve/route");
const declineRoute = await import("@/app/api/approvals/[id]/decline/route");
const settings = await import("@/app/api/approvals/settings/route");
const activity = await import("@/app/api/v1/activity/route");
const metricsRoute = await import("@/app/api/metrics/route");

const BASE = "http://localhost:3000";
const sim = embeddedSimulator();
const als = new AsyncLocalStorage<Member>();
session.current = () => als.getStore() ?? null;
const as = <T>(member: Member, run: () => Promise<T>) => als.run(member, run);
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

let database: Db;
let admin: Member;
let maker: Member;
let checker: Member;
let finance: Member;

const signedIn = (m: StaffMember, tag: string): Member => ({ ...m, sessionId: `session-${tag}`, mustChangePassword: false });
const postCard = (member: Member, customerId: string, key: string) =>
  as(member, () => cards.POST(jsonRequest(`${BASE}/api/v1/cards`, { customer_id: customerId }, { "Idempotency-Key": key })));
const approveAs = (member: Member, id: string) =>
  as(member, () => approveRoute.POST(jsonRequest(`${BASE}/api/approvals/${id}/approve`, {}), ctx(id)));
/** A member whose account predates the requests made after it (the database's clock ticks in milliseconds under PGlite). */
async function olderMember(email: string, role: "compliance" | "ops" | "admin"): Promise<StaffMember> {
  const made = await upsertStaff(database, { email, role, password: "a-long-enough-password-1" });
  await database
    .update(staff)
    .set({ createdAt: sql`now() - interval '1 minute'` })
    .where(eq(staff.id, made.id));
  return made;
}
const requireFor = (required: string[]) => as(admin, () => settings.POST(jsonRequest(`${BASE}/api/approvals/settings`, { required })));

beforeAll(async () => {
  database = await db();
  admin = signedIn(await demoMember("admin"), "admin");
  maker = signedIn(await demoMember("ops"), "maker");
  finance = signedIn(await demoMember("finance"), "finance");
  checker = signedIn(
    await upsertStaff(database, {
      email: "second.ops@example.com",
      name: "Second Ops",
      role: "ops",
      password: await hashPassword("second-ops-password-1"),
    }),
    "checker",
  );
}, 180_000);

describe("the approval settings", () => {
  it("are an administrator's: another role gets 403, an unknown action 400 naming the field", async () => {
    const refused = await as(maker, () => settings.POST(jsonRequest(`${BASE}/api/approvals/settings`, { required: ["card.create"] })));
    expect(refused.status).toBe(403);
    const invalid = await requireFor(["card.delete"]);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.field).toMatch(/^required/);
    const saved = await requireFor(["card.create"]);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ required: ["card.create"], updated_by: admin.name });
  });
});

describe("a card under four-eyes", () => {
  it("answers 202 approval_pending and calls nothing upstream; the maker may not approve it", async () => {
    await saveStatus({
      db: database,
      customerId: "cus_four_eyes_wait",
      update: { status: "APPROVED", canCreateCard: true, source: "check" },
    });
    const before = sim.stats.count("POST /cards");
    const res = await postCard(maker, "cus_four_eyes_wait", "four-eyes-wait-1");
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toMatchObject({
      kind: "approval_pending",
      approval: {
        action: "card.create",
        status: "pending",
        requested_by: { id: maker.id },
        summary: expect.stringContaining("cus_four_eyes_wait"),
      },
    });
    expect(sim.stats.count("POST /cards")).toBe(before);
    expect(await database.select().from(cardIssuances).where(eq(cardIssuances.customerId, "cus_four_eyes_wait"))).toHaveLength(0);
    const self = await approveAs(maker, body.approval.id);
    expect(self.status).toBe(403);
    expect((await self.json()).error.code).toBe("self_approval_forbidden");
    // It waits in the queue of the other members who may issue cards, not of finance.
    const queue = await as(checker, () => list.GET(new Request(`${BASE}/api/approvals?status=pending`)));
    expect((await queue.json()).approvals.map((a: { id: string }) => a.id)).toContain(body.approval.id);
    const financeQueue = await as(finance, () => list.GET(new Request(`${BASE}/api/approvals`)));
    expect((await financeQueue.json()).approvals).toEqual([]);
    const badStatus = await as(checker, () => list.GET(new Request(`${BASE}/api/approvals?status=whatever`)));
    expect(badStatus.status).toBe(400);
  });

  it("the same Idempotency-Key is one request per member: another body is 422 idempotency_key_reused, as on the direct path", async () => {
    const send = (member: Member, body: Record<string, unknown>) =>
      as(member, () => cards.POST(jsonRequest(`${BASE}/api/v1/cards`, body, { "Idempotency-Key": "four-eyes-key-reuse" })));
    const first = await send(maker, { customer_id: "cus_key_one" });
    expect(first.status).toBe(202);
    const held = (await first.json()).approval;

    const other = await send(maker, { customer_id: "cus_key_two" });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({
      error: {
        code: "idempotency_key_reused",
        message: "This Idempotency-Key was already used for a different request. Start a new attempt (close and reopen the dialog).",
        field: "Idempotency-Key",
      },
    });
    const confirmed = await send(maker, { customer_id: "cus_key_one", confirm_additional: true });
    expect(confirmed.status).toBe(422);

    const again = await send(maker, { customer_id: "cus_key_one" });
    expect(again.status).toBe(202);
    expect((await again.json()).approval).toMatchObject({ id: held.id, summary: "Issue a card to customer cus_key_one" });

    // Keys are the member's own (as memberIntent scopes them on the direct path): a colleague's K is a request of theirs.
    const colleague = await send(checker, { customer_id: "cus_key_two" });
    expect(colleague.status).toBe(202);
    expect((await colleague.json()).approval).toMatchObject({
      id: expect.not.stringMatching(held.id),
      requested_by: { id: checker.id },
      summary: "Issue a card to customer cus_key_two",
    });
    const stored = await database.select().from(approvals).where(eq(approvals.intent, "four-eyes-key-reuse"));
    expect(stored.map((r) => [r.requestedBy, (r.input as { body: { customer_id: string } }).body.customer_id]).sort()).toEqual(
      [
        [maker.id, "cus_key_one"],
        [checker.id, "cus_key_two"],
      ].sort(),
    );
  });

  it("20 concurrent approvals by two members: one card upstream, one 200 with the card, 19 × 409; both names on the customer's timeline", async () => {
    // A customer the sandbox knows, so the one upstream call issues a card.
    const customer = SEED.customers.approved;
    await saveStatus({ db: database, customerId: customer, update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const held = await (await postCard(maker, customer, "four-eyes-race-1")).json();
    const before = sim.stats.count("POST /cards");
    stepUps.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => approveAs(i % 2 ? admin : checker, held.approval.id)));
    expect(sim.stats.count("POST /cards") - before).toBe(1);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = answers.find((r) => r.status === 200)!;
    expect(await winner.json()).toMatchObject({ kind: "card", card: { id: expect.any(String) } });
    const losers = await Promise.all(answers.filter((r) => r.status === 409).map(async (r) => (await r.json()).error.code));
    expect(new Set(losers)).toEqual(new Set(["approval_already_decided"]));
    // The card is the maker's (their intent, their name on the issuance); the step-up was the checker's.
    const issued = await database.select().from(cardIssuances).where(eq(cardIssuances.customerId, customer));
    expect(issued).toHaveLength(1);
    expect(issued[0]?.staffId).toBe(maker.id);
    const [row] = await database.select().from(approvals).where(eq(approvals.id, held.approval.id));
    expect(row?.status).toBe("executed");
    expect(stepUps).toContain(row?.decidedBy === admin.id ? "session-admin" : "session-checker");
    expect(stepUps).not.toContain("session-maker");
    const decider = row?.decidedBy === admin.id ? admin : checker;

    const timeline = await as(maker, () => activity.GET(new Request(`${BASE}/api/v1/activity?kind=customer&id=${customer}`)));
    const entries = (await timeline.json()).entries as { action: string; actor: string; summary: string | null }[];
    const approved = entries.find((e) => e.action === "approval.approve");
    expect(approved?.actor).toBe(decider.email);
    expect(approved?.summary).toContain(`requested by ${maker.name} <${maker.email}>`);
    expect(approved?.summary).toContain(`approved by ${decider.name} <${decider.email}>`);
    expect(entries.find((e) => e.action === "approval.request")?.actor).toBe(maker.email);
    expect(entries.find((e) => e.action === "card.create" && e.actor === maker.email)).toBeDefined();
  });

  it("applies the card rules when it runs: a customer no longer approved gets 409 verification_not_approved, recorded as failed", async () => {
    const customer = "cus_four_eyes_rules";
    await saveStatus({ db: database, customerId: customer, update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const held = await (await postCard(maker, customer, "four-eyes-rules-1")).json();
    await saveStatus({ db: database, customerId: customer, update: { status: "REJECTED", canCreateCard: false, source: "check" } });
    const before = sim.stats.count("POST /cards");
    const res = await approveAs(checker, held.approval.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe("verification_not_approved");
    expect(sim.stats.count("POST /cards")).toBe(before);
    const [row] = await database.select().from(approvals).where(eq(approvals.id, held.approval.id));
    expect(row).toMatchObject({ status: "failed", resultStatus: 409, resultCode: "verification_not_approved" });
  });

  it("declines with a reason (400 naming the field without one), then 409 for a late approval, and 410 once expired", async () => {
    const customer = "cus_four_eyes_decline";
    await saveStatus({ db: database, customerId: customer, update: { status: "APPROVED", canCreateCard: true, source: "check" } });
    const held = await (await postCard(maker, customer, "four-eyes-decline-1")).json();
    const noReason = await as(checker, () =>
      declineRoute.POST(jsonRequest(`${BASE}/api/approvals/${held.approval.id}/decline`, {}), ctx(held.approval.id)),
    );
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.field).toBe("reason");
    const declined = await as(checker, () =>
      declineRoute.POST(
        jsonRequest(`${BASE}/api/approvals/${held.approval.id}/decline`, { reason: "Not this week" }),
        ctx(held.approval.id),
      ),
    );
    expect(declined.status).toBe(200);
    expect((await approveAs(admin, held.approval.id)).status).toBe(409);

    const old = await (await postCard(maker, customer, "four-eyes-decline-2")).json();
    await database
      .update(approvals)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(approvals.id, old.approval.id));
    const late = await approveAs(checker, old.approval.id);
    expect(late.status).toBe(410);
    expect((await late.json()).error.code).toBe("approval_expired");
  });

  it("reports the waiting requests as approvals_pending on the metrics endpoint", async () => {
    const waiting = await database
      .select({ n: sql<number>`count(*)::int` })
      .from(approvals)
      .where(and(eq(approvals.action, "card.create"), eq(approvals.status, "pending")));
    const res = await metricsRoute.GET(new Request(`${BASE}/api/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }));
    const line = (await res.text()).split("\n").find((l) => l.startsWith('approvals_pending{action="card.create"} '));
    expect(Number(line?.split(" ")[1])).toBe(Number(waiting[0]?.n));
    expect(Number(waiting[0]?.n)).toBeGreaterThan(0);
  });
});

describe("four-eyes on staff accounts (staff.role)", () => {
  const PASSWORD = "a-long-enough-password-1";
  const patchRequest = (url: string, body: unknown) =>
    new Request(url, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: BASE, Host: new URL(BASE).host, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify(body),
    });
  const addStaffAs = (member: Member, body: Record<string, unknown>) =>
    as(member, () => staffRoute.POST(jsonRequest(`${BASE}/api/staff`, body)));
  const patchStaffAs = (member: Member, id: string, body: Record<string, unknown>) =>
    as(member, () => staffMemberRoute.PATCH(patchRequest(`${BASE}/api/staff/${id}`, body), ctx(id)));
  const statusOf = async (id: string) => (await database.select().from(approvals).where(eq(approvals.id, id)))[0]?.status;

  /** A second administrator whose account existed before any of these requests. */
  let honest: Member;
  beforeAll(async () => {
    honest = signedIn(
      await upsertStaff(database, { email: "honest.admin@example.com", name: "Hana Honest", role: "admin", password: PASSWORD }),
      "honest",
    );
  });

  it("adding a member waits for another administrator; a chosen password is kept only hashed, a generated one shown to the checker", async () => {
    await requireFor(["staff.role"]);
    const email = "added.by.approval@example.com";
    const held = await addStaffAs(admin, { email, name: "Ada Added", role: "ops", password: PASSWORD });
    expect(held.status).toBe(202);
    const { approval } = await held.json();
    expect(approval).toMatchObject({ action: "staff.role", status: "pending", summary: `Add Ada Added (${email}) as Operations` });
    expect(await findStaffByEmail(database, email)).toBeUndefined();
    const [row] = await database.select().from(approvals).where(eq(approvals.id, approval.id));
    expect(JSON.stringify(row?.input)).not.toContain(PASSWORD);

    const approved = await approveAs(honest, approval.id);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ member: { email, role: "ops" }, generatedPassword: null });
    const created = await findStaffByEmail(database, email);
    expect(created).toMatchObject({ role: "ops", status: "active" });
    expect(await verifyPassword(PASSWORD, created!.passwordHash)).toBe(true);
    expect(await statusOf(approval.id)).toBe("executed");
    // The creation is the maker's, as every approved action's own entry is.
    const [entry] = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.create"), eq(auditLog.target, `staff:${email}`)));
    expect(entry?.actorEmail).toBe(admin.email);

    const generatedEmail = "generated.by.approval@example.com";
    const generated = await (
      await addStaffAs(admin, { email: generatedEmail, name: "Gil Generated", role: "finance", generatePassword: true })
    ).json();
    expect(generated.kind).toBe("approval_pending");
    const answer = await (await approveAs(honest, generated.approval.id)).json();
    expect(answer).toMatchObject({ member: { email: generatedEmail, role: "finance" }, generatedPassword: expect.any(String) });
    expect(await verifyPassword(answer.generatedPassword, (await findStaffByEmail(database, generatedEmail))!.passwordHash)).toBe(true);
  });

  it("an addition sent again while it waits is the same request; sent again with other details it is refused, not dropped", async () => {
    await requireFor(["staff.role"]);
    const email = "kate.resent@example.com";
    const first = await (await addStaffAs(admin, { email, name: "Kate Resent", role: "admin", password: PASSWORD })).json();
    // A retry (a double click, a timeout) with the same details and password: the same request.
    const again = await addStaffAs(admin, { email, name: "Kate Resent", role: "admin", password: PASSWORD });
    expect(again.status).toBe(202);
    expect((await again.json()).approval.id).toBe(first.approval.id);
    // A corrected password or name would otherwise be approved as the first one: refused, saying why.
    for (const changed of [
      { email, name: "Kate Resent", role: "admin", password: "another-long-password-2" },
      { email, name: "Kate Corrected", role: "admin", password: PASSWORD },
      { email, name: "Kate Resent", role: "admin", generatePassword: true },
    ]) {
      const refused = await addStaffAs(admin, changed);
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.code).toBe("approval_request_differs");
    }
    expect(await statusOf(first.approval.id)).toBe("pending");
  });

  it("one administrator cannot approve her own promotion through a second admin account of hers", async () => {
    await requireFor(["staff.role"]);
    const victim = await upsertStaff(database, { email: "victim.ops@example.com", name: "Vic Victim", role: "ops", password: PASSWORD });
    const promote = await patchStaffAs(admin, victim.id, { role: "admin" });
    expect(promote.status).toBe(202);
    const { approval } = await promote.json();

    // Her second administrator account is itself held for approval: it does not exist.
    const second = await addStaffAs(admin, { email: "mallory.second@example.com", name: "Mallory Two", role: "admin", password: PASSWORD });
    expect(second.status).toBe(202);
    expect(await findStaffByEmail(database, "mallory.second@example.com")).toBeUndefined();

    // An administrator account made after the request (here as the CLI makes one) may not approve it.
    const late = signedIn(await upsertStaff(database, { email: "late.admin@example.com", role: "admin", password: PASSWORD }), "late");
    const refused = await approveAs(late, approval.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("self_approval_forbidden");
    expect(await statusOf(approval.id)).toBe("pending");
    expect((await findStaffById(database, victim.id))?.role).toBe("ops");

    // A member whose account predates the request may.
    expect((await approveAs(honest, approval.id)).status).toBe(200);
    expect((await findStaffById(database, victim.id))?.role).toBe("admin");
  });

  it("a PATCH that changes only the status is held too: re-enabling a disabled administrator, disabling a checker", async () => {
    await requireFor(["staff.role"]);
    const dormant = await upsertStaff(database, {
      email: "dormant.admin@example.com",
      name: "Dora Dormant",
      role: "admin",
      password: PASSWORD,
    });
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, dormant.id));
    const enable = await patchStaffAs(admin, dormant.id, { status: "active" });
    expect(enable.status).toBe(202);
    expect((await enable.json()).approval.summary).toBe(`Re-enable the account of Dora Dormant (${dormant.email})`);
    expect((await findStaffById(database, dormant.id))?.status).toBe("disabled");

    const disable = await patchStaffAs(admin, honest.id, { status: "disabled" });
    expect(disable.status).toBe(202);
    expect((await disable.json()).approval.summary).toBe(`Disable the account of Hana Honest (${honest.email})`);
    expect((await findStaffById(database, honest.id))?.status).toBe("active");
  });
});

describe("a granted BVN reveal and the maker's step-up", () => {
  it("a stale code is refused before the grant is spent: 403, the grant still usable; after the code it reveals once", async () => {
    const maker = signedIn(await demoMember("compliance"), "reveal-maker");
    const checker = signedIn(
      await upsertStaff(database, { email: "second.compliance@example.com", role: "compliance", password: "a-long-enough-password-1" }),
      "reveal-checker",
    );
    await requireFor(["bvn.reveal"]);
    const { lookupId } = await rememberLookup(database, {
      staffId: maker.id,
      record: BVN_RECORDS[SEED.bvn.found]!,
      purpose: "Case 2026-200: account opening",
    });
    const reveal = () =>
      as(maker, () => revealRoute.POST(jsonRequest(`${BASE}/api/v1/identity/bvn/lookups/${lookupId}/reveal`, {}), ctx(lookupId)));
    const held = await reveal();
    expect(held.status).toBe(202);
    const { approval } = await held.json();
    expect((await approveAs(checker, approval.id)).status).toBe(200);

    staleStepUp.add(maker.sessionId);
    try {
      const refused = await reveal();
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.code).toBe("step_up_required");
    } finally {
      staleStepUp.delete(maker.sessionId);
    }
    const [grant] = await database.select().from(approvals).where(eq(approvals.id, approval.id));
    expect(grant?.status).toBe("approved");
    const used = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.use"), sql`${auditLog.detail}->>'approval_id' = ${approval.id}`));
    expect(used).toHaveLength(0);

    const revealed = await reveal();
    expect(revealed.status).toBe(200);
    expect(await revealed.json()).toMatchObject({ masked: false, record: { bvn: SEED.bvn.found } });
    expect((await database.select().from(approvals).where(eq(approvals.id, approval.id)))[0]?.status).toBe("executed");
    expect((await reveal()).status).toBe(202);
  });

  it("a reveal refused after the hold (the code aged out before the handler's check) leaves the grant usable; the next reveals once", async () => {
    const maker = signedIn(await demoMember("compliance"), "aging-maker");
    const checker = signedIn(await olderMember("aging.checker@example.com", "compliance"), "aging-checker");
    await requireFor(["bvn.reveal"]);
    const { lookupId } = await rememberLookup(database, {
      staffId: maker.id,
      record: BVN_RECORDS[SEED.bvn.found]!,
      purpose: "Case 2026-201: account opening",
    });
    const reveal = () =>
      as(maker, () => revealRoute.POST(jsonRequest(`${BASE}/api/v1/identity/bvn/lookups/${lookupId}/reveal`, {}), ctx(lookupId)));
    const held = await reveal();
    const { approval } = await held.json();
    expect((await approveAs(checker, approval.id)).status).toBe(200);

    // The hold's check passes; the handler's, a moment later, does not.
    agingStepUp.set(maker.sessionId, 1);
    const refused = await reveal();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("step_up_required");
    expect((await database.select().from(approvals).where(eq(approvals.id, approval.id)))[0]?.status).toBe("approved");

    const revealed = await reveal();
    expect(revealed.status).toBe(200);
    expect(await revealed.json()).toMatchObject({ masked: false, record: { bvn: SEED.bvn.found } });
    expect((await database.select().from(approvals).where(eq(approvals.id, approval.id)))[0]?.status).toBe("executed");
    const used = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "approval.use"), sql`${auditLog.detail}->>'approval_id' = ${approval.id}`))
      .orderBy(auditLog.id);
    expect(used.map((e) => [e.outcome, e.detail?.code])).toEqual([
      ["failure", "step_up_required"],
      ["success", undefined],
    ]);
    expect((await reveal()).status).toBe(202);
  });
});

describe("a granted BVN reveal whose request fails", () => {
  it("a lookup that cannot be read is 410 and not a use: the grant stays; then of 20 reveals at once one uses it, none twice", async () => {
    const maker = signedIn(await demoMember("compliance"), "failing-maker");
    const checker = signedIn(await olderMember("failing.checker@example.com", "compliance"), "failing-checker");
    await requireFor(["bvn.reveal"]);
    const { lookupId } = await rememberLookup(database, {
      staffId: maker.id,
      record: BVN_RECORDS[SEED.bvn.found]!,
      purpose: "Case 2026-202: account opening",
    });
    const reveal = () =>
      as(maker, () => revealRoute.POST(jsonRequest(`${BASE}/api/v1/identity/bvn/lookups/${lookupId}/reveal`, {}), ctx(lookupId)));
    const { approval } = await (await reveal()).json();
    expect((await approveAs(checker, approval.id)).status).toBe(200);
    type Outcome = (typeof auditLog.$inferSelect)["outcome"];
    const revealEntries = (outcome: Outcome) =>
      database
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "bvn.reveal"), eq(auditLog.outcome, outcome), sql`${auditLog.detail}->>'lookupId' = ${lookupId}`));
    const uses = (outcome: Outcome) =>
      database
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "approval.use"), eq(auditLog.outcome, outcome), sql`${auditLog.detail}->>'approval_id' = ${approval.id}`),
        );

    // The copy reads as another member's for a moment, as a lookup gone from the store would: 410.
    await database.update(bvnReveals).set({ staffId: checker.id }).where(eq(bvnReveals.lookupId, lookupId));
    const gone = await reveal();
    expect(gone.status).toBe(410);
    expect((await gone.json()).error.code).toBe("lookup_expired");
    expect((await database.select().from(approvals).where(eq(approvals.id, approval.id)))[0]?.status).toBe("approved");
    expect(await uses("success")).toHaveLength(0);
    expect((await uses("failure")).map((e) => e.detail?.code)).toEqual(["lookup_expired"]);
    await database.update(bvnReveals).set({ staffId: maker.id }).where(eq(bvnReveals.lookupId, lookupId));

    const answers = await Promise.all(Array.from({ length: 20 }, () => reveal()));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others came while it was in use (409), or after it (a new request for approval).
    expect(statuses.every((s) => s === 200 || s === 409 || s === 202)).toBe(true);
    for (const answer of answers.filter((r) => r.status === 409)) expect((await answer.json()).error.code).toBe("approval_in_use");
    expect((await database.select().from(approvals).where(eq(approvals.id, approval.id)))[0]?.status).toBe("executed");
    expect(await uses("success")).toHaveLength(1);
    expect(await revealEntries("success")).toHaveLength(1);
  });
});
