import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetMemberSecondFactor } from "@/server/auth/second-factor";
import { markEnrolled, savePendingSecret } from "@/server/auth/second-factor-store";
import { createSession } from "@/server/auth/session-store";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { newTotpSecret } from "@/server/auth/totp";
import { sealTotpSecret } from "@/server/auth/totp-secret-box";
import { auditLog, staff, staffSessions, staffTotp } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { withFreshDatabase } from "@/server/testing/database";
import { addStaff } from "@/server/testing/staff";
import { changeOwnPassword, resetStaffPassword } from "./password";
import { endOtherOwnSessions, endOwnSession, endStaffSessions } from "./sessions";

// An identity change and its audit entry land together or not at all: when the entry cannot be
// written, the sessions stay open, the password and the authenticator stay as they were, and the
// request fails; the retry, once the entry can be written, makes the change and audits it once.

let db: Db;
withFreshDatabase((handle) => (db = handle));

const PASSWORD = "correct horse battery staple";
const client = { userAgent: "vitest", address: "192.0.2.40" };

async function member(role: "ops" | "admin" = "ops"): Promise<StaffMember> {
  return toMember(await addStaff({ db, role, password: PASSWORD, emailPrefix: "audited" }));
}

async function openSessions(staffId: string): Promise<number> {
  return (
    await db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
  ).length;
}

async function entries(action: string): Promise<number> {
  return (await db.select().from(auditLog).where(eq(auditLog.action, action))).length;
}

async function passwordHash(staffId: string): Promise<string> {
  return (await db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, staffId)))[0]!.hash;
}

describe("when the audit entry cannot be written, an identity change does not land", () => {
  it("an administrator ending a member's sessions: they stay open; the retry ends them, audited once", async () => {
    const [admin, target] = [await member("admin"), await member()];
    await createSession(db, target.id, client);
    await createSession(db, target.id, client);
    const end = () => endStaffSessions({ db, actor: admin, input: { id: target.id }, adminSessionId: undefined, requestId: randomUUID() });

    await whileAuditRefused(db, "staff.sessions.end", () => expect(end()).rejects.toThrow());
    expect(await openSessions(target.id)).toBe(2);
    expect(await entries("staff.sessions.end")).toBe(0);

    expect(await end()).toEqual({ ended: 2 });
    expect(await openSessions(target.id)).toBe(0);
    expect(await entries("staff.sessions.end")).toBe(1);
  });

  it("a member ending one session, or all but this one: nothing ends unaudited", async () => {
    const me = await member();
    const here = await createSession(db, me.id, client);
    const there = await createSession(db, me.id, client);
    await createSession(db, me.id, client);

    await whileAuditRefused(db, "account.sessions.end", async () => {
      await expect(endOwnSession({ db, actor: me, input: { id: there }, requestId: randomUUID() })).rejects.toThrow();
      await expect(endOtherOwnSessions({ db, actor: me, currentSessionId: here, requestId: randomUUID() })).rejects.toThrow();
    });
    expect(await openSessions(me.id)).toBe(3);
    expect(await entries("account.sessions.end")).toBe(0);

    expect(await endOwnSession({ db, actor: me, input: { id: there }, requestId: randomUUID() })).toEqual({ ended: 1 });
    expect(await endOtherOwnSessions({ db, actor: me, currentSessionId: here, requestId: randomUUID() })).toEqual({ ended: 1 });
    expect(await openSessions(me.id)).toBe(1);
    expect(await entries("account.sessions.end")).toBe(2);
  });

  it("an administrator's password reset: the old password and the sessions stay, and no one-time password is shown", async () => {
    const [admin, target] = [await member("admin"), await member()];
    await createSession(db, target.id, client);
    const hash = await passwordHash(target.id);

    await whileAuditRefused(db, "staff.password.reset", () =>
      expect(resetStaffPassword({ db, actor: admin, input: { id: target.id }, requestId: randomUUID() })).rejects.toThrow(),
    );
    expect(await passwordHash(target.id)).toBe(hash);
    expect(await openSessions(target.id)).toBe(1);

    const reset = await resetStaffPassword({ db, actor: admin, input: { id: target.id }, requestId: randomUUID() });
    expect(reset.endedSessions).toBe(1);
    expect(await passwordHash(target.id)).not.toBe(hash);
    expect(await entries("staff.password.reset")).toBe(1);
  });

  it("a member's own password change: the old password still works for the retry", async () => {
    const me = await member();
    const here = await createSession(db, me.id, client);
    await createSession(db, me.id, client);
    const hash = await passwordHash(me.id);
    const change = () =>
      changeOwnPassword({
        db,
        actor: me,
        from: { sessionId: here, address: client.address },
        input: { currentPassword: PASSWORD, newPassword: "a quite different passphrase 42" },
        requestId: randomUUID(),
      });

    await whileAuditRefused(db, "staff.password.change", () => expect(change()).rejects.toThrow());
    expect(await passwordHash(me.id)).toBe(hash);
    expect(await openSessions(me.id)).toBe(2);

    expect(await change()).toEqual({ endedSessions: 1 });
    expect(await entries("staff.password.change")).toBe(1);
  });

  it("an administrator's reset of a member's authenticator: it stays bound until the reset is audited", async () => {
    const [admin, target] = [await member("admin"), await member()];
    const secretBox = sealTotpSecret(newTotpSecret());
    await savePendingSecret(db, target.id, secretBox);
    await markEnrolled(db, target.id, secretBox, 1);
    await createSession(db, target.id, client, "passed");
    const reset = () => resetMemberSecondFactor({ db, actor: admin, input: { memberId: target.id }, requestId: randomUUID() });

    await whileAuditRefused(db, "staff.second_factor.reset", () => expect(reset()).rejects.toThrow());
    expect(await db.select().from(staffTotp).where(eq(staffTotp.staffId, target.id))).toHaveLength(1);
    expect(await openSessions(target.id)).toBe(1);

    expect(await reset()).toEqual({ reset: true });
    expect(await db.select().from(staffTotp).where(eq(staffTotp.staffId, target.id))).toHaveLength(0);
    expect(await entries("staff.second_factor.reset")).toBe(1);
  });
});

describe("ending sessions in a transaction with its entry, 20 times at once", () => {
  it("two administrators end a member's five sessions: each ended once, 20 entries whose counts add up to five", async () => {
    const admins = [await member("admin"), await member("admin")];
    const target = await member();
    for (let i = 0; i < 5; i++) await createSession(db, target.id, client);
    const requestIds: string[] = Array.from({ length: 20 }, () => randomUUID());
    const answers = await Promise.all(
      requestIds.map((requestId, i) =>
        endStaffSessions({ db, actor: admins[i % 2]!, input: { id: target.id }, adminSessionId: undefined, requestId }),
      ),
    );
    expect(answers.reduce((sum, a) => sum + a.ended, 0)).toBe(5);
    expect(await openSessions(target.id)).toBe(0);
    const logged = (await db.select().from(auditLog).where(eq(auditLog.action, "staff.sessions.end"))).filter((e) =>
      requestIds.includes(e.requestId),
    );
    expect(logged).toHaveLength(20);
    expect(logged.reduce((sum, e) => sum + Number((e.detail as { ended?: number }).ended), 0)).toBe(5);
  });
});
