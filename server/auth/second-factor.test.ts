import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isAppError } from "@/lib/errors";
import { db } from "@/server/db/client";
import { auditLog, securitySettings, staffSessions, staffTotp } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { Role } from "@/lib/permissions";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { addStaff as addStaffMember, jsonRequest } from "@/server/testing/staff";

// The cookie names whichever session the test signed in last; everything else is the real code.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; sid?: string } | null }));
vi.mock("./session-cookie", () => ({ currentSessionClaims: async () => cookie.session }));

const { signIn } = await import("./sign-in");
const { currentSignIn, currentStaff } = await import("./session");
const { confirmEnrolment, passSignInSecondFactor, startEnrolment, disableSecondFactor } = await import("./second-factor");
const { requireRecentSecondFactor } = await import("./step-up");
const { totpCode } = await import("./totp");
const verifyRoute = await import("@/app/api/second-factor/verify/route");
const enrolRoute = await import("@/app/api/second-factor/enrolment/route");
const sessionsRoute = await import("@/app/api/account/sessions/route");
const policyRoute = await import("@/app/api/staff/second-factor/route");
const stepUpRoute = await import("@/app/api/account/second-factor/step-up/route");
const resetRoute = await import("@/app/api/staff/[id]/second-factor/reset/route");

const PASSWORD = "correct horse battery staple";
const STEP = 30_000;
let database: Db;
let counter = 0;

// Each member signs in from an address of its own, so one test's attempts never spend another's budget.
async function addStaff(role: Role = "finance") {
  counter += 1;
  return addStaffMember({ db: database, role, password: PASSWORD, emailPrefix: "tf" });
}

/** Signs in with the password and puts the new session in the cookie, as next-auth would. */
async function passwordSignIn(email: string) {
  const done = await signIn({
    db: database,
    input: { email, password: PASSWORD },
    client: { address: `10.9.${counter}.1`, userAgent: "vitest" },
  });
  cookie.session = { staffId: done.id, sid: done.sid };
  return done;
}

/** A change to the factors as the routes make it: the code, the current password, where it came from. */
const change = (code: string, nowMs?: number, currentPassword: string | undefined = PASSWORD) => ({
  input: { code, currentPassword },
  requestId: randomUUID(),
  address: `10.9.${counter}.1`,
  nowMs,
});

/** Enrols the signed-in member at time `at`; returns the secret and the recovery codes. */
async function enrol(at: number) {
  const signedIn = (await currentSignIn(database))!.staff;
  const { secret } = await startEnrolment({ db: database, actor: signedIn });
  const { recoveryCodes } = await confirmEnrolment({ db: database, actor: signedIn, ...change(await totpCode(secret, at), at) });
  return { secret, recoveryCodes };
}

async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error) ? error.code : error).toBe(code);
}

beforeAll(async () => {
  database = await db();
});

beforeEach(async () => {
  cookie.session = null;
  await database.update(securitySettings).set({ require2faAll: false, require2faRoles: [] });
});

/** Moves the member's enrolment and the cookie's session's last code back by `ago`, by the database's clock. */
async function codePassedAgo(staffId: string, ago: string) {
  await database
    .update(staffTotp)
    .set({ enrolledAt: sql`now() - ${ago}::interval - interval '1 minute'` })
    .where(eq(staffTotp.staffId, staffId));
  await database
    .update(staffSessions)
    .set({ secondFactorAt: sql`now() - ${ago}::interval` })
    .where(eq(staffSessions.id, cookie.session!.sid!));
}

/** A member who enrolled a moment before `t` and signed in again with the password: owing a code at `t`. */
async function owingCode(t: number) {
  const member = await addStaff();
  await passwordSignIn(member.email);
  const { secret } = await enrol(t - STEP);
  await passwordSignIn(member.email);
  return { member, secret, signedIn: (await currentSignIn(database))!.staff };
}
describe("enrolment", () => {
  it("enrols with a code computed from the secret shown, and gives 10 distinct recovery codes", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const signedIn = (await currentSignIn(database))!.staff;
    const started = await startEnrolment({ db: database, actor: signedIn });
    expect(started.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.uri).toContain(`secret=${started.secret}`);
    expect(started.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    // A wrong first code does not enrol.
    await expectCode(
      confirmEnrolment({ db: database, actor: signedIn, ...change("000000" === (await totpCode(started.secret)) ? "111111" : "000000") }),
      "invalid_code",
    );
    const { recoveryCodes } = await confirmEnrolment({ db: database, actor: signedIn, ...change(await totpCode(started.secret)) });
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await currentSignIn(database))?.secondFactor).toBe("passed");
  });
});

describe("sign-in with a second factor", () => {
  it("a password alone leaves the session unusable until a valid code is given", async () => {
    const t = Date.now();
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { secret } = await enrol(t);

    await passwordSignIn(member.email);
    expect(await currentStaff(database)).toBeNull();
    expect((await currentSignIn(database))?.secondFactor).toBe("pending");
    // The API answers 401 to a session owing its code.
    expect((await sessionsRoute.GET(new Request("http://localhost:3000/api/account/sessions"))).status).toBe(401);

    const res = await verifyRoute.POST(
      jsonRequest("http://localhost:3000/api/second-factor/verify", { code: await totpCode(secret, t + STEP) }),
    );
    // The route checks against the real clock; the code of the next step is within its one-step tolerance.
    expect(res.status).toBe(200);
    expect((await currentStaff(database))?.id).toBe(member.id);
    expect((await sessionsRoute.GET(new Request("http://localhost:3000/api/account/sessions"))).status).toBe(200);
  });

  it("takes a right code typed in full-width or Arabic-Indic digits, or spaced, as the code", async () => {
    const asScript = (code: string, zero: number) => [...code].map((d) => String.fromCodePoint(zero + Number(d))).join("");
    for (const [script, write] of [
      ["full-width", (code: string) => asScript(code, 0xff10)],
      ["Arabic-Indic", (code: string) => asScript(code, 0x0660)],
      ["spaced", (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`],
    ] as const) {
      const t = Date.now();
      const { member, secret, signedIn } = await owingCode(t);
      const typed = write(await totpCode(secret, t));
      expect(await passSignInSecondFactor({ db: database, actor: signedIn, input: { code: typed }, nowMs: t }), script).toMatchObject({
        method: "totp",
      });
      expect((await currentStaff(database))?.id, script).toBe(member.id);
    }
    // And through the route, whose body schema lets the typed code through to that check.
    const t = Date.now();
    const { member, secret } = await owingCode(t);
    const code = asScript(await totpCode(secret, t), 0x0660);
    const res = await verifyRoute.POST(jsonRequest("http://localhost:3000/api/second-factor/verify", { code }));
    expect(res.status).toBe(200);
    expect((await currentStaff(database))?.id).toBe(member.id);
  });

  it("enrols with the first code typed in another script's digits", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const signedIn = (await currentSignIn(database))!.staff;
    const { secret } = await startEnrolment({ db: database, actor: signedIn });
    const fullWidth = [...(await totpCode(secret))].map((d) => String.fromCodePoint(0xff10 + Number(d))).join("");
    const { recoveryCodes } = await confirmEnrolment({ db: database, actor: signedIn, ...change(fullWidth) });
    expect(recoveryCodes).toHaveLength(10);
  });

  it("refuses a replayed code, even in its own 30-second window", async () => {
    const t = Date.now();
    const { member, secret, signedIn } = await owingCode(t);
    const code = await totpCode(secret, t);
    await passSignInSecondFactor({ db: database, actor: signedIn, input: { code }, nowMs: t });

    await passwordSignIn(member.email);
    const again = (await currentSignIn(database))!.staff;
    await expectCode(passSignInSecondFactor({ db: database, actor: again, input: { code }, nowMs: t }), "invalid_code");
    expect(await currentStaff(database)).toBeNull();
  });

  it("throttles wrong codes like passwords: after 3 wrong ones even the right code must wait", async () => {
    const t = Date.now();
    const { secret, signedIn } = await owingCode(t);
    const right = await totpCode(secret, t);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 3; i += 1)
      await expectCode(passSignInSecondFactor({ db: database, actor: signedIn, input: { code: wrong }, nowMs: t }), "invalid_code");
    await expectCode(
      passSignInSecondFactor({ db: database, actor: signedIn, input: { code: right }, nowMs: t }),
      "second_factor_throttled",
    );
    expect(await currentStaff(database)).toBeNull();
  });

  it("20 concurrent guesses get no more checks than the schedule allows", async () => {
    const t = Date.now();
    const { secret, signedIn } = await owingCode(t);
    const right = await totpCode(secret, t);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(right) + i + 1) % 1_000_000).padStart(6, "0"));
    const outcomes = await Promise.all(
      guesses.map((g) =>
        passSignInSecondFactor({ db: database, actor: signedIn, input: { code: g }, nowMs: t }).then(
          () => "ok",
          (e: unknown) => (isAppError(e) ? e.code : "error"),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "invalid_code").length).toBeLessThanOrEqual(3);
    expect(outcomes.filter((o) => o === "second_factor_throttled").length).toBeGreaterThanOrEqual(17);
  });

  it("one recovery code sent 20 times at once from two sessions passes one of them, once, audited once", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { recoveryCodes } = await enrol(Date.now());
    const sessions = [await passwordSignIn(member.email), await passwordSignIn(member.email)];
    const actor = (await currentSignIn(database))!.staff;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        passSignInSecondFactor({
          db: database,
          actor: { ...actor, sessionId: sessions[i % 2]!.sid },
          input: { code: recoveryCodes[0]! },
        }).then(
          () => "ok",
          (e: unknown) => (isAppError(e) ? e.code : "error"),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok" && o !== "invalid_code" && o !== "second_factor_throttled")).toEqual([]);
    const passed = await database
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, member.id), eq(staffSessions.secondFactor, "passed")));
    expect(passed.filter((row) => sessions.some((s) => s.sid === row.id))).toHaveLength(1);
    const entries = await database
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.second_factor"), eq(auditLog.actorStaffId, member.id), eq(auditLog.outcome, "success")));
    expect(entries).toHaveLength(1);
  });

  it("a recovery code works once", async () => {
    const member = await addStaff();
    await passwordSignIn(member.email);
    const { recoveryCodes } = await enrol(Date.now());
    await passwordSignIn(member.email);
    const first = await passSignInSecondFactor({
      db: database,
      actor: (await currentSignIn(database))!.staff,
      input: { code: recoveryCodes[3]!.toLowerCase() },
    });
    expect(first).toEqual({ method: "recovery", recoveryCodesLeft: 9 });
    expect(await currentStaff(database)).not.toBeNull();

    await passwordSignIn(member.email);
    await expectCode(
      passSignInSecondFactor({ db: database, actor: (await currentSignIn(database))!.staff, input: { code: recoveryCodes[3]! } }),
      "invalid_code",
    );
    expect(await currentStaff(database)).toBeNull();
  });
});

describe("required two-factor authentication", () => {
  it("a member of a required role who is not enrolled can reach enrolment only, then uses the app", async () => {
    await database.update(securitySettings).set({ require2faRoles: ["ops"] });
    const member = await addStaff("ops");
    await passwordSignIn(member.email);
    expect((await currentSignIn(database))?.secondFactor).toBe("enrol");
    expect(await currentStaff(database)).toBeNull();
    expect((await sessionsRoute.GET(new Request("http://localhost:3000/api/account/sessions"))).status).toBe(401);
    expect((await verifyRoute.POST(jsonRequest("http://localhost:3000/api/second-factor/verify", { code: "123456" }))).status).toBe(401);

    const started = await enrolRoute.POST(jsonRequest("http://localhost:3000/api/second-factor/enrolment", {}));
    expect(started.status).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    await confirmEnrolment({ db: database, actor: (await currentSignIn(database))!.staff, ...change(await totpCode(secret)) });
    expect((await currentStaff(database))?.id).toBe(member.id);
    // Required: it cannot be turned off.
    await expectCode(
      disableSecondFactor({ db: database, actor: (await currentStaff(database))!, ...change(await totpCode(secret, Date.now() + STEP)) }),
      "second_factor_required",
    );
  });

  it("a member of a role that is not required signs in with the password alone", async () => {
    await database.update(securitySettings).set({ require2faRoles: ["ops"] });
    const other = await addStaff("finance");
    await passwordSignIn(other.email);
    expect(await currentStaff(database)).not.toBeNull();
  });
});

describe("step-up for sensitive actions", () => {
  it("asks again when the last code is older than 15 minutes, not before", async () => {
    const member = await addStaff("admin");
    await passwordSignIn(member.email);
    await enrol(Date.now());
    const signedIn = (await currentStaff(database))!;
    await codePassedAgo(member.id, "14 minutes");
    await expect(requireRecentSecondFactor({ db: database, actor: signedIn })).resolves.toBeUndefined();
    await codePassedAgo(member.id, "15 minutes 1 second");
    await expectCode(requireRecentSecondFactor({ db: database, actor: signedIn }), "step_up_required");
  });

  it("counts a code passed a moment ago on an instance whose clock runs 20 minutes ahead of the database's", async () => {
    const member = await addStaff("admin");
    await passwordSignIn(member.email);
    await enrol(Date.now());
    const signedIn = (await currentStaff(database))!;
    await expect(
      withAppClockSkew(20 * 60_000, () => requireRecentSecondFactor({ db: database, actor: signedIn })),
    ).resolves.toBeUndefined();
  });

  it("refuses a code 16 minutes old by the database's clock on an instance whose clock runs 20 minutes behind it", async () => {
    const member = await addStaff("admin");
    await passwordSignIn(member.email);
    await enrol(Date.now());
    const signedIn = (await currentStaff(database))!;
    await codePassedAgo(member.id, "16 minutes");
    await expectCode(
      withAppClockSkew(-20 * 60_000, () => requireRecentSecondFactor({ db: database, actor: signedIn })),
      "step_up_required",
    );
  });

  it("an old second factor gets step_up_required from a staff change; a fresh code lets the retry through", async () => {
    const member = await addStaff("admin");
    await passwordSignIn(member.email);
    const { secret } = await enrol(Date.now() - STEP);
    const sid = cookie.session!.sid!;
    // Both moved back: the enrolment and its code happened 16 minutes ago.
    await database
      .update(staffTotp)
      .set({ enrolledAt: sql`now() - interval '16 minutes'` })
      .where(eq(staffTotp.staffId, member.id));
    await database
      .update(staffSessions)
      .set({ secondFactorAt: sql`now() - interval '16 minutes'` })
      .where(eq(staffSessions.id, sid));

    const change = () =>
      policyRoute.POST(jsonRequest("http://localhost:3000/api/staff/second-factor", { requireAll: false, roles: ["compliance"] }));
    const refused = await change();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "step_up_required" } });
    expect((await database.select().from(securitySettings))[0]?.require2faRoles).toEqual([]);

    const stepped = await stepUpRoute.POST(
      jsonRequest("http://localhost:3000/api/account/second-factor/step-up", { code: await totpCode(secret) }),
    );
    expect(stepped.status).toBe(200);
    const retried = await change();
    expect(retried.status).toBe(200);
    expect((await database.select().from(securitySettings))[0]?.require2faRoles).toEqual(["compliance"]);
  });

  it("is judged for the session's own member: an approved action runs as its maker in the checker's session", async () => {
    // Two-factor required of ops only: an administrator who never enrolled approves an ops member's card.
    await database.update(securitySettings).set({ require2faRoles: ["ops"] });
    const maker = await addStaff("ops");
    const checker = await addStaff("admin");
    await passwordSignIn(checker.email);
    const inCheckersSession = { ...maker, sessionId: cookie.session!.sid! };
    await expect(requireRecentSecondFactor({ db: database, actor: inCheckersSession })).resolves.toBeUndefined();

    // The other way round: required of administrators, whose code here is 16 minutes old; the maker's role is not required.
    await database.update(securitySettings).set({ require2faRoles: ["admin"] });
    const enrolledChecker = await addStaff("admin");
    await passwordSignIn(enrolledChecker.email);
    await enrol(Date.now());
    await codePassedAgo(enrolledChecker.id, "16 minutes");
    const financeMaker = { ...(await addStaff("finance")), sessionId: cookie.session!.sid! };
    await expectCode(requireRecentSecondFactor({ db: database, actor: financeMaker }), "step_up_required");
  });

  it("a member without 2FA is never asked to step up", async () => {
    const member = await addStaff("admin");
    await passwordSignIn(member.email);
    const signedIn = (await currentStaff(database))!;
    await expect(
      withAppClockSkew(24 * 3600_000, () => requireRecentSecondFactor({ db: database, actor: signedIn })),
    ).resolves.toBeUndefined();
  });
});

describe("administrator reset", () => {
  it("turns a member's 2FA off and ends their sessions; the next sign-in needs no code", async () => {
    const admin = await addStaff("admin");
    const member = await addStaff("ops");
    await passwordSignIn(member.email);
    await enrol(Date.now());
    const memberSession = cookie.session!;

    await passwordSignIn(admin.email);
    const res = await resetRoute.POST(jsonRequest(`http://localhost:3000/api/staff/${member.id}/second-factor/reset`, {}), {
      params: Promise.resolve({ id: member.id }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reset: true });

    cookie.session = memberSession;
    expect(await currentSignIn(database)).toBeNull();
    await passwordSignIn(member.email);
    expect((await currentSignIn(database))?.secondFactor).toBe("not_required");
    expect(await currentStaff(database)).not.toBeNull();
  });
});
