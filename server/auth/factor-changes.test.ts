import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isAppError } from "@/lib/errors";
import { db } from "@/server/db/client";
import { auditLog, securitySettings, signInThrottle, staff, staffSessions } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { Role } from "@/lib/permissions";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { addStaff as addStaffMember, jsonRequest } from "@/server/testing/staff";

// The cookie names whichever session the test put in it; everything else is the real code.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; sid?: string } | null }));
vi.mock("./session-cookie", () => ({ currentSessionClaims: async () => cookie.session }));

const { signIn } = await import("./sign-in");
const { currentSignIn, currentStaff } = await import("./session");
const { createSession } = await import("./session-store");
const { confirmEnrolment, disableSecondFactor, regenerateRecoveryCodes, passSignInSecondFactor, startEnrolment, stepUp } =
  await import("./second-factor");
const { findTotp, markEnrolled, savePendingSecret } = await import("./second-factor-store");
const { requireRecentSecondFactor } = await import("./step-up");
const { reauthenticate } = await import("./reauthenticate");
const { totpCode, newTotpSecret } = await import("./totp");
const { sealTotpSecret } = await import("./totp-secret-box");
const enrolRoute = await import("@/app/api/second-factor/enrolment/route");
const confirmRoute = await import("@/app/api/second-factor/enrolment/confirm/route");
const disableRoute = await import("@/app/api/account/second-factor/disable/route");
const policyRoute = await import("@/app/api/staff/second-factor/route");
const statusRoute = await import("@/app/api/account/second-factor/route");

const BASE = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
const STEP = 30_000;
let database: Db;
let counter = 0;

// Each member signs in from an address of its own, so one test's attempts never spend another's budget.
async function addStaff(role: Role = "finance") {
  counter += 1;
  return addStaffMember({ db: database, role, password: PASSWORD, emailPrefix: "fc" });
}

const address = () => `10.19.${counter}.1`;

/** Signs in with the password and puts the new session in the cookie, as next-auth would; returns its id. */
async function passwordSignIn(email: string): Promise<string> {
  const done = await signIn({ db: database, input: { email, password: PASSWORD }, client: { address: address(), userAgent: "vitest" } });
  cookie.session = { staffId: done.id, sid: done.sid };
  return done.sid;
}

/** When the signed-in session last passed its second factor. */
async function secondFactorAt(): Promise<Date | null> {
  const [row] = await database
    .select({ at: staffSessions.secondFactorAt })
    .from(staffSessions)
    .where(eq(staffSessions.id, cookie.session!.sid!));
  return row?.at ?? null;
}

function useSession(staffId: string, sid: string) {
  cookie.session = { staffId, sid };
}

const change = (code: string, nowMs?: number, currentPassword = PASSWORD) => ({
  input: { code, currentPassword },
  requestId: randomUUID(),
  address: address(),
  nowMs,
});

/** Enrols the member of the cookie's session through the service at time `at`. */
async function enrol(at: number) {
  const signedIn = (await currentSignIn(database))!.staff;
  const { secret } = await startEnrolment({ db: database, actor: signedIn });
  const done = await confirmEnrolment({ db: database, actor: signedIn, ...change(await totpCode(secret, at), at) });
  return { secret, ...done };
}

async function errorOf(promise: Promise<unknown>): Promise<string | unknown> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return isAppError(error) ? error.code : error;
}

const post = (path: string, body: unknown) => jsonRequest(`${BASE}${path}`, body, { "X-Forwarded-For": address() });

beforeAll(async () => {
  database = await db();
});

beforeEach(async () => {
  cookie.session = null;
  await database.update(securitySettings).set({ require2faAll: false, require2faRoles: [] });
});

describe("what a session owes is judged from the member's factors now", () => {
  it("a session that signed in before its member enrolled owes a code: the API answers 401, step-up is refused", async () => {
    const admin = await addStaff("admin");
    const before = await passwordSignIn(admin.email);
    expect(await currentStaff(database)).not.toBeNull();
    // Enrolled elsewhere, straight in the store, so that this session is not ended by the enrolment:
    // the answer must follow from the authenticator alone.
    const secretBox = sealTotpSecret(newTotpSecret());
    await savePendingSecret(database, admin.id, secretBox);
    expect(await markEnrolled(database, admin.id, secretBox, 1)).toBe(true);

    useSession(admin.id, before);
    expect((await currentSignIn(database))?.secondFactor).toBe("pending");
    expect(await currentStaff(database)).toBeNull();
    // A step-up-protected action (changing the requirement) is not reachable with it.
    const res = await policyRoute.POST(post("/api/staff/second-factor", { requireAll: true, roles: [] }));
    expect(res.status).toBe(401);
    expect((await database.select().from(securitySettings))[0]?.require2faAll).toBe(false);
    expect(await errorOf(requireRecentSecondFactor({ db: database, actor: { ...(await currentSignIn(database))!.staff } }))).toBe(
      "step_up_required",
    );
  });

  it("a single sign-on session is not asked for our code, even when its member has an authenticator", async () => {
    const member = await addStaff("ops");
    await passwordSignIn(member.email);
    await enrol(Date.now() - STEP);
    const sso = await createSession(database, member.id, { address: address(), userAgent: "vitest" }, "not_required", "sso");
    useSession(member.id, sso);
    expect((await currentSignIn(database))?.secondFactor).toBe("not_required");
    expect(await currentStaff(database)).not.toBeNull();
  });

  it("a session from before the policy came to require two-factor of its role owes an enrolment from its next request", async () => {
    const member = await addStaff("finance");
    await passwordSignIn(member.email);
    expect(await currentStaff(database)).not.toBeNull();
    // An administrator's change, as the policy route stores it.
    await database.update(securitySettings).set({ require2faRoles: ["finance"] });
    expect((await currentSignIn(database))?.secondFactor).toBe("enrol");
    expect(await currentStaff(database)).toBeNull();
    // Relaxed again, the same session is usable again: what it owes is the policy's answer now.
    await database.update(securitySettings).set({ require2faRoles: [] });
    expect((await currentSignIn(database))?.secondFactor).toBe("not_required");
    expect(await currentStaff(database)).not.toBeNull();
  });

  it("a member promoted into a role that requires two-factor owes an enrolment from the next request, not the next sign-in", async () => {
    await database.update(securitySettings).set({ require2faRoles: ["admin"] });
    const member = await addStaff("ops");
    const session = await passwordSignIn(member.email);
    expect(await currentStaff(database)).not.toBeNull();
    await database.update(staff).set({ role: "admin" }).where(eq(staff.id, member.id));
    useSession(member.id, session);
    expect((await currentSignIn(database))?.secondFactor).toBe("enrol");
    expect(await currentStaff(database)).toBeNull();
    // A single sign-on session of the same member is not asked for our code: its provider runs its own.
    const sso = await createSession(database, member.id, { address: address(), userAgent: "vitest" }, "not_required", "sso");
    useSession(member.id, sso);
    expect((await currentSignIn(database))?.secondFactor).toBe("not_required");
  });
});

describe("binding an authenticator needs the current password", () => {
  it("a cookie alone gets 400 naming currentPassword; nothing is enrolled and no recovery codes are issued", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const started = await enrolRoute.POST(post("/api/second-factor/enrolment", {}));
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as { secret: string };

    const res = await confirmRoute.POST(post("/api/second-factor/enrolment/confirm", { code: await totpCode(secret) }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { field?: string }; recoveryCodes?: unknown };
    expect(body.error.field).toBe("currentPassword");
    expect(body.recoveryCodes).toBeUndefined();
    expect((await findTotp(database, member.id))?.enrolledAt).toBeNull();
  });

  it("a wrong current password is refused and audited, and counts on the sign-in schedule, which then refuses even the right one", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const signedIn = (await currentSignIn(database))!.staff;
    const { secret } = await startEnrolment({ db: database, actor: signedIn });
    const code = await totpCode(secret);
    for (let i = 0; i < 3; i += 1) {
      const res = await confirmRoute.POST(post("/api/second-factor/enrolment/confirm", { code, currentPassword: `wrong-${i}` }));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "wrong_password", field: "currentPassword" });
    }
    // Counted on the member's sign-in schedule…
    const [schedule] = await database
      .select()
      .from(signInThrottle)
      .where(and(eq(signInThrottle.scope, "email"), eq(signInThrottle.key, member.email)));
    expect(schedule?.count).toBe(3);
    // …which, as after ten wrong tries (a wait of minutes, so nothing here races the clock), refuses
    // the right password before checking it.
    await database
      .update(signInThrottle)
      .set({ count: 10, lastAttemptAt: sql`now()` })
      .where(and(eq(signInThrottle.scope, "email"), eq(signInThrottle.key, member.email)));
    const throttled = await confirmRoute.POST(post("/api/second-factor/enrolment/confirm", { code, currentPassword: PASSWORD }));
    expect(throttled.status).toBe(429);
    expect((await throttled.json()).error).toMatchObject({ code: "password_throttled", field: "currentPassword" });
    // The same schedule as signing in: the password alone does not get in either right now.
    await expect(
      signIn({ db: database, input: { email: member.email, password: PASSWORD }, client: { address: address(), userAgent: "vitest" } }),
    ).rejects.toThrow(/Try again in/);
    expect((await findTotp(database, member.id))?.enrolledAt).toBeNull();
    const denied = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.second_factor.enrol"), eq(auditLog.actorEmail, member.email), eq(auditLog.outcome, "denied")))
      .orderBy(auditLog.id);
    expect(denied.map((e) => (e.detail as { reason?: string }).reason)).toEqual([
      "wrong_current_password",
      "wrong_current_password",
      "wrong_current_password",
      "email_throttled",
    ]);
  });

  it("with the password and a code it enrols, shows 10 codes, ends the member's other sessions and keeps this one", async () => {
    const member = await addStaff();
    const elsewhere = await passwordSignIn(member.email);
    const here = await passwordSignIn(member.email);
    const started = await enrolRoute.POST(post("/api/second-factor/enrolment", {}));
    const { secret } = (await started.json()) as { secret: string };
    const res = await confirmRoute.POST(
      post("/api/second-factor/enrolment/confirm", { code: await totpCode(secret), currentPassword: PASSWORD }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { recoveryCodes: string[]; endedSessions: number };
    expect(body.recoveryCodes).toHaveLength(10);
    expect(body.endedSessions).toBe(1);
    expect((await currentStaff(database))?.id).toBe(member.id);
    // The status the page shows right after: on.
    expect(await (await statusRoute.GET(new Request(`${BASE}/api/account/second-factor`))).json()).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
      reauthentication: "password",
    });
    useSession(member.id, elsewhere);
    expect(await currentSignIn(database)).toBeNull();
    useSession(member.id, here);
    expect(await currentStaff(database)).not.toBeNull();
  });

  it("a single sign-on session's sign-in is judged recent by the database's clock, whatever the instance's clock says", async () => {
    const member = await addStaff();
    const sso = await createSession(database, member.id, { address: address(), userAgent: "vitest" }, "not_required", "sso");
    useSession(member.id, sso);
    const actor = (await currentSignIn(database))!.staff;
    const again = () =>
      reauthenticate({
        db: database,
        actor,
        sessionId: sso,
        action: "account.second_factor.enrol",
        requestId: randomUUID(),
        address: address(),
      });
    // Signed in a moment ago, asked on an instance 20 minutes ahead: still recent.
    await expect(withAppClockSkew(20 * 60_000, again)).resolves.toBe("sso");
    // Signed in 16 minutes ago, asked on an instance 20 minutes behind: not recent.
    await database
      .update(staffSessions)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(staffSessions.id, sso));
    expect(await errorOf(withAppClockSkew(-20 * 60_000, again))).toBe("reauthentication_required");
  });

  it("a single sign-on session binds without a password while its sign-in is recent, and is told to sign in again after", async () => {
    const member = await addStaff();
    const sso = await createSession(database, member.id, { address: address(), userAgent: "vitest" }, "not_required", "sso");
    useSession(member.id, sso);
    await database
      .update(staffSessions)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(staffSessions.id, sso));
    const signedIn = (await currentSignIn(database))!.staff;
    const { secret } = await startEnrolment({ db: database, actor: signedIn });
    const stale = await confirmRoute.POST(post("/api/second-factor/enrolment/confirm", { code: await totpCode(secret) }));
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toMatchObject({
      code: "reauthentication_required",
      message: expect.stringMatching(/sign in again/i),
    });
    expect((await findTotp(database, member.id))?.enrolledAt).toBeNull();

    const fresh = await createSession(database, member.id, { address: address(), userAgent: "vitest" }, "not_required", "sso");
    useSession(member.id, fresh);
    const res = await confirmRoute.POST(post("/api/second-factor/enrolment/confirm", { code: await totpCode(secret) }));
    expect(res.status).toBe(200);
    // The stale one is another session of the member: it ended.
    useSession(member.id, sso);
    expect(await currentSignIn(database)).toBeNull();
  });
});

describe("removing the authenticator and replacing the recovery codes", () => {
  it("turning it off takes the password and a code, and ends the member's other sessions (the one that enrolled, and one more)", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret } = await enrol(t - 2 * STEP);
    const elsewhere = await passwordSignIn(member.email);
    await passSignInSecondFactor({
      db: database,
      actor: (await currentSignIn(database))!.staff,
      input: { code: await totpCode(secret, t - STEP) },
      nowMs: t - STEP,
    });
    const here = await passwordSignIn(member.email);
    await passSignInSecondFactor({
      db: database,
      actor: (await currentSignIn(database))!.staff,
      input: { code: await totpCode(secret, t) },
      nowMs: t,
    });

    const noPassword = await disableRoute.POST(post("/api/account/second-factor/disable", { code: "123456" }));
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).error).toMatchObject({ field: "currentPassword" });
    expect(
      await errorOf(
        disableSecondFactor({
          db: database,
          actor: (await currentStaff(database))!,
          ...change(await totpCode(secret, t + STEP), t + STEP, "not-it"),
        }),
      ),
    ).toBe("wrong_password");
    expect((await findTotp(database, member.id))?.enrolledAt).toBeInstanceOf(Date);

    expect(
      await disableSecondFactor({
        db: database,
        actor: (await currentStaff(database))!,
        ...change(await totpCode(secret, t + STEP), t + STEP),
      }),
    ).toEqual({
      endedSessions: 2,
    });
    expect(await findTotp(database, member.id)).toBeUndefined();
    useSession(member.id, elsewhere);
    expect(await currentSignIn(database)).toBeNull();
    useSession(member.id, here);
    expect((await currentSignIn(database))?.secondFactor).toBe("not_required");
  });

  it("new recovery codes replace the old ones, after the password and a code; other sessions end", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret, recoveryCodes: old } = await enrol(t - STEP);
    const elsewhere = await passwordSignIn(member.email);
    await passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: old[0]! } });
    const here = await passwordSignIn(member.email);
    await passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: old[1]! } });

    expect(
      await errorOf(
        regenerateRecoveryCodes({
          db: database,
          actor: (await currentStaff(database))!,
          ...change(await totpCode(secret, t), t),
          input: { code: await totpCode(secret, t), currentPassword: undefined },
        }),
      ),
    ).toBe("invalid_request");
    const issued = await regenerateRecoveryCodes({
      db: database,
      actor: (await currentStaff(database))!,
      ...change(await totpCode(secret, t), t),
    });
    expect(issued.recoveryCodes).toHaveLength(10);
    // The session that enrolled and the one elsewhere.
    expect(issued.endedSessions).toBe(2);
    useSession(member.id, elsewhere);
    expect(await currentSignIn(database)).toBeNull();
    useSession(member.id, here);
    expect(await currentStaff(database)).not.toBeNull();

    await passwordSignIn(member.email);
    expect(
      await errorOf(passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: old[2]! } })),
    ).toBe("invalid_code");
    expect(
      await passSignInSecondFactor({
        db: database,
        actor: (await currentSignIn(database))!.staff,
        input: { code: issued.recoveryCodes[0]! },
      }),
    ).toEqual({
      method: "recovery",
      recoveryCodesLeft: 9,
    });
    const audited = await database
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "account.second_factor.recovery_codes"),
          eq(auditLog.actorEmail, member.email),
          eq(auditLog.outcome, "success"),
        ),
      );
    expect(audited.map((e) => e.detail)).toEqual([{ method: "totp", endedSessions: 2 }]);
  });
});

describe("when the entry cannot be written, a change to the member's factors does not land", () => {
  const entries = async (action: string, staffId: string) =>
    (
      await database
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.actorStaffId, staffId)))
    ).filter((e) => e.outcome === "success").length;

  it("binding: the authenticator stays pending and no recovery codes are shown; the next code binds it, audited once", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const actor = (await currentSignIn(database))!.staff;
    const { secret } = await startEnrolment({ db: database, actor });
    const code = await totpCode(secret, t - STEP);
    await whileAuditRefused(database, "account.second_factor.enrol", () =>
      expect(confirmEnrolment({ db: database, actor, ...change(code, t - STEP) })).rejects.toThrow(),
    );
    expect((await findTotp(database, member.id))?.enrolledAt).toBeNull();

    const done = await confirmEnrolment({ db: database, actor, ...change(await totpCode(secret, t), t) });
    expect(done.recoveryCodes).toHaveLength(10);
    expect((await findTotp(database, member.id))?.enrolledAt).toBeInstanceOf(Date);
    expect(await entries("account.second_factor.enrol", member.id)).toBe(1);
  });

  it("turning it off: it stays on, the recovery codes still work, the other session stays open; the same code turns it off", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret, recoveryCodes } = await enrol(t - 2 * STEP);
    const elsewhere = await passwordSignIn(member.email);
    await passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: recoveryCodes[0]! } });
    const here = await passwordSignIn(member.email);
    await passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: recoveryCodes[1]! } });
    const actor = (await currentStaff(database))!;

    const code = await totpCode(secret, t - STEP);
    await whileAuditRefused(database, "account.second_factor.disable", () =>
      expect(disableSecondFactor({ db: database, actor, ...change(code, t - STEP) })).rejects.toThrow(),
    );
    expect((await findTotp(database, member.id))?.enrolledAt).toBeInstanceOf(Date);
    useSession(member.id, elsewhere);
    expect(await currentStaff(database)).not.toBeNull();

    useSession(member.id, here);
    expect(await disableSecondFactor({ db: database, actor, ...change(code, t - STEP) })).toEqual({ endedSessions: 2 });
    expect(await findTotp(database, member.id)).toBeUndefined();
    expect(await entries("account.second_factor.disable", member.id)).toBe(1);
  });

  it("sign-in's second step: the session still owes its code; the same code passes it, audited once", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret } = await enrol(t - 2 * STEP);
    await passwordSignIn(member.email);
    const actor = (await currentSignIn(database))!.staff;
    const code = await totpCode(secret, t - STEP);
    await whileAuditRefused(database, "auth.second_factor", () =>
      expect(passSignInSecondFactor({ db: database, actor, input: { code }, nowMs: t - STEP })).rejects.toThrow(),
    );
    expect((await currentSignIn(database))?.secondFactor).toBe("pending");
    expect(await currentStaff(database)).toBeNull();

    await passSignInSecondFactor({ db: database, actor, input: { code }, nowMs: t - STEP });
    expect(await currentStaff(database)).not.toBeNull();
    expect(await entries("auth.second_factor", member.id)).toBe(1);
  });

  it("sign-in's second step with a recovery code: the code stays unspent, and passes the retry", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { recoveryCodes } = await enrol(t - STEP);
    await passwordSignIn(member.email);
    const actor = (await currentSignIn(database))!.staff;
    const code = recoveryCodes[3]!.toLowerCase();
    await whileAuditRefused(database, "auth.second_factor", () =>
      expect(passSignInSecondFactor({ db: database, actor, input: { code } })).rejects.toThrow(),
    );
    expect(await currentStaff(database)).toBeNull();

    expect(await passSignInSecondFactor({ db: database, actor, input: { code } })).toEqual({ method: "recovery", recoveryCodesLeft: 9 });
    expect(await currentStaff(database)).not.toBeNull();
    expect(await errorOf(passSignInSecondFactor({ db: database, actor, input: { code } }))).toBe("invalid_code");
  });

  it("step-up: the session's second factor stays old, and the same code moves it on the retry", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret } = await enrol(t - 2 * STEP);
    const actor = (await currentStaff(database))!;
    const before = await secondFactorAt();
    const code = await totpCode(secret, t);
    await whileAuditRefused(database, "auth.step_up", () =>
      expect(stepUp({ db: database, actor, input: { code }, nowMs: t })).rejects.toThrow(),
    );
    expect(await secondFactorAt()).toEqual(before);

    await stepUp({ db: database, actor, input: { code }, nowMs: t });
    expect((await secondFactorAt())!.getTime()).toBeGreaterThan(before!.getTime());
    expect(await entries("auth.step_up", member.id)).toBe(1);
  });

  it("new recovery codes: the old ones stay valid and none are shown; the same code replaces them", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret, recoveryCodes: old } = await enrol(t - 2 * STEP);
    const actor = (await currentStaff(database))!;

    const code = await totpCode(secret, t - STEP);
    await whileAuditRefused(database, "account.second_factor.recovery_codes", () =>
      expect(regenerateRecoveryCodes({ db: database, actor, ...change(code, t - STEP) })).rejects.toThrow(),
    );
    await passwordSignIn(member.email);
    expect(
      await passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: old[0]! } }),
    ).toBeTruthy();
    expect(await entries("account.second_factor.recovery_codes", member.id)).toBe(0);

    expect((await regenerateRecoveryCodes({ db: database, actor, ...change(code, t - STEP) })).recoveryCodes).toHaveLength(10);
    expect(await entries("account.second_factor.recovery_codes", member.id)).toBe(1);
  });
});
