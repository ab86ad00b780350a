import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { createSession, openSession } from "@/server/auth/session-store";
import { signIn } from "@/server/auth/sign-in";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { db } from "@/server/db/client";
import { auditLog, signInThrottle, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { jsonRequest } from "@/server/testing/staff";

// The routes against the process database. Only the cookie step is faked: the "cookie" names a
// session id, and the member comes from the stored session like currentStaff does.
const cookie = vi.hoisted(() => ({ sid: null as string | null }));
vi.mock("@/server/auth/session", async () => (await import("@/server/testing/stored-session")).storedSessionModule(cookie));

const change = await import("@/app/api/account/password/route");
const reset = await import("@/app/api/staff/[id]/password/reset/route");
const me = await import("@/app/api/me/route");

const BASE = "http://localhost:3000";
const ORIGINAL = "original-password-for-tests-1";
const client = { address: "10.77.0.1", userAgent: "vitest" };

let database: Db;

async function addStaff(email: string, role: "ops" | "admin", password = ORIGINAL): Promise<StaffMember> {
  const [row] = await database
    .insert(staff)
    .values({ email, name: email.split("@")[0]!, role, passwordHash: await hashPassword(password) })
    .returning();
  return toMember(row!);
}

const changeRequest = (body: unknown) => change.POST(jsonRequest(`${BASE}/api/account/password`, body));
const resetRequest = (id: string) =>
  reset.POST(jsonRequest(`${BASE}/api/staff/${id}/password/reset`, {}), { params: Promise.resolve({ id }) });

async function auditOf(action: string, email: string) {
  return database
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorEmail, email)));
}

beforeAll(async () => {
  database = await db();
});

describe("changing one's own password", () => {
  it("refuses a wrong current password, naming the field, and audits it", async () => {
    const member = await addStaff("change.wrong@example.com", "ops");
    cookie.sid = await createSession(database, member.id, client);
    const res = await changeRequest({ currentPassword: "not-the-password", newPassword: "plum-kettle-orbit-97" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ field: "currentPassword" });
    expect((await auditOf("staff.password.change", member.email)).map((e) => e.outcome)).toEqual(["denied"]);
  });

  it("counts wrong current passwords on the member's sign-in schedule, which then refuses even the right one before checking it", async () => {
    const member = await addStaff("change.guess@example.com", "ops");
    cookie.sid = await createSession(database, member.id, client);
    for (let i = 0; i < 3; i += 1)
      expect((await changeRequest({ currentPassword: `guess-${i}`, newPassword: "plum-kettle-orbit-97" })).status).toBe(400);
    const schedule = () =>
      database
        .select()
        .from(signInThrottle)
        .where(and(eq(signInThrottle.scope, "email"), eq(signInThrottle.key, member.email)));
    expect((await schedule())[0]?.count).toBe(3);
    // As after ten wrong tries: a wait of minutes, so nothing here races the clock.
    await database
      .update(signInThrottle)
      .set({ count: 10, lastAttemptAt: sql`now()` })
      .where(and(eq(signInThrottle.scope, "email"), eq(signInThrottle.key, member.email)));
    const res = await changeRequest({ currentPassword: ORIGINAL, newPassword: "plum-kettle-orbit-97" });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toMatchObject({ code: "password_throttled", field: "currentPassword" });
    await expect(signIn({ db: await db(), input: { email: member.email, password: ORIGINAL }, client })).rejects.toThrow(/Try again in/);
    expect((await auditOf("staff.password.change", member.email)).map((e) => e.outcome)).toEqual(["denied", "denied", "denied", "denied"]);
  });

  it("refuses a short or a common new password, naming the field", async () => {
    const member = await addStaff("change.weak@example.com", "ops");
    cookie.sid = await createSession(database, member.id, client);
    const short = await changeRequest({ currentPassword: ORIGINAL, newPassword: "short-pw" });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toMatchObject({ field: "newPassword", message: expect.stringMatching(/at least 12/) });
    const common = await changeRequest({ currentPassword: ORIGINAL, newPassword: "password123456" });
    expect(common.status).toBe(400);
    expect((await common.json()).error).toMatchObject({ field: "newPassword", message: expect.stringMatching(/too common/) });
    const missing = await changeRequest({ currentPassword: ORIGINAL });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ field: "newPassword" });
  });

  it("changes the password, ends the member's other sessions and keeps this one", async () => {
    const member = await addStaff("change.ok@example.com", "ops");
    const other = await createSession(database, member.id, client);
    const here = await createSession(database, member.id, client);
    cookie.sid = here;
    const res = await changeRequest({ currentPassword: ORIGINAL, newPassword: "plum-kettle-orbit-97" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ endedSessions: 1 });
    expect(await openSession(database, other)).toBeNull();
    expect(await openSession(database, here)).not.toBeNull();
    await expect(signIn({ db: await db(), input: { email: member.email, password: ORIGINAL }, client })).rejects.toThrow();
    await expect(
      signIn({ db: await db(), input: { email: member.email, password: "plum-kettle-orbit-97" }, client }),
    ).resolves.toMatchObject({ email: member.email });
    expect((await auditOf("staff.password.change", member.email)).map((e) => e.outcome)).toEqual(["success"]);
  });

  it("lets only one of two concurrent changes through", async () => {
    const member = await addStaff("change.race@example.com", "ops");
    cookie.sid = await createSession(database, member.id, client);
    const results = await Promise.all([
      changeRequest({ currentPassword: ORIGINAL, newPassword: "first-new-password-31" }),
      changeRequest({ currentPassword: ORIGINAL, newPassword: "second-new-password-47" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("an administrator resets a member's password", () => {
  it("gives a one-time password that signs in once the old one no longer does, forces a change, then stops working", async () => {
    const admin = await addStaff("reset.admin@example.com", "admin");
    const member = await addStaff("reset.member@example.com", "ops");
    const before = await createSession(database, member.id, client);

    cookie.sid = await createSession(database, admin.id, client);
    const res = await resetRequest(member.id);
    expect(res.status).toBe(200);
    const { oneTimePassword, endedSessions } = (await res.json()) as { oneTimePassword: string; endedSessions: number };
    expect(oneTimePassword).toHaveLength(16);
    expect(endedSessions).toBe(1);
    expect(await openSession(database, before)).toBeNull();
    expect((await auditOf("staff.password.reset", admin.email)).map((e) => [e.outcome, e.target])).toEqual([
      ["success", `staff:${member.email}`],
    ]);

    await expect(signIn({ db: await db(), input: { email: member.email, password: ORIGINAL }, client })).rejects.toThrow();
    const signedIn = await signIn({ db: await db(), input: { email: member.email, password: oneTimePassword }, client });
    cookie.sid = signedIn.sid;
    // Nothing but their own account works until they choose a password.
    const blocked = await me.GET(new Request(`${BASE}/api/me`));
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error).toMatchObject({ code: "password_change_required" });

    const changed = await changeRequest({ currentPassword: oneTimePassword, newPassword: "my-own-password-at-last" });
    expect(changed.status).toBe(200);
    expect((await me.GET(new Request(`${BASE}/api/me`))).status).toBe(200);
    await expect(signIn({ db: await db(), input: { email: member.email, password: oneTimePassword }, client })).rejects.toThrow();
  });

  it("shows one valid one-time password when administrators reset at the same moment", async () => {
    const admin = await addStaff("reset.race.admin@example.com", "admin");
    const member = await addStaff("reset.race.member@example.com", "ops");
    cookie.sid = await createSession(database, admin.id, client);
    const answers = await Promise.all(Array.from({ length: 5 }, () => resetRequest(member.id)));
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(4);
    const { oneTimePassword } = (await ok[0]!.json()) as { oneTimePassword: string };
    await expect(signIn({ db: await db(), input: { email: member.email, password: oneTimePassword }, client })).resolves.toMatchObject({
      email: member.email,
    });
  });

  it("refuses an administrator's own account and an unknown id", async () => {
    const admin = await addStaff("reset.self@example.com", "admin");
    cookie.sid = await createSession(database, admin.id, client);
    expect((await resetRequest(admin.id)).status).toBe(409);
    expect((await resetRequest("00000000-0000-4000-8000-0000000000ff")).status).toBe(404);
    const bad = await resetRequest("nope");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ field: "id" });
  });

  it("is refused to a member who is not an administrator", async () => {
    const ops = await addStaff("reset.ops@example.com", "ops");
    const target = await addStaff("reset.target@example.com", "ops");
    cookie.sid = await createSession(database, ops.id, client);
    expect((await resetRequest(target.id)).status).toBe(403);
  });
});
