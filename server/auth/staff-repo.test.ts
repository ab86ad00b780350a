import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/types";
import { whileAuditRefused } from "@/server/testing/audit-refusal";

// The cookie names whichever session the test put in it; the session check and the database are real.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; sid?: string } | null }));
vi.mock("./session-cookie", () => ({ currentSessionClaims: async () => cookie.session }));

const { db: openDb } = await import("@/server/db/client");
const { auditLog, staff } = await import("@/server/db/schema");
const { currentSignIn } = await import("./session");
const { createSession } = await import("./session-store");
const { verifyPassword } = await import("./password");
const { markSignedIn, upsertStaff } = await import("./staff-repo");
const { revokeAllSessions } = await import("./session-store");
const { againstPostgres } = await import("@/server/testing/database");
const { staffSessions } = await import("@/server/db/schema");

const OLD_PASSWORD = "the-old-password-of-ops";
const NEW_PASSWORD = "a-new-password-from-cli";
let database: Db;
let n = 0;

beforeAll(async () => {
  database = await openDb();
});

/** A member added by `npm run staff -- add`, signed in: the cookie names their open session. */
async function signedInMember() {
  const email = `cli.member${++n}@example.com`;
  const member = await upsertStaff(database, { email, role: "ops", password: OLD_PASSWORD });
  const sid = await createSession(database, member.id, { address: "10.0.0.1", userAgent: "vitest" });
  cookie.session = { staffId: member.id, sid };
  expect((await currentSignIn(database))?.staff.id).toBe(member.id);
  return member;
}

const stored = async (email: string) => (await database.select().from(staff).where(eq(staff.email, email)))[0]!;
const resets = (email: string) =>
  database
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "staff.password.reset"), eq(auditLog.target, `staff:${email}`)));

describe("npm run staff -- add <new email>", () => {
  it("audits the new account, as the staff page's addition is", async () => {
    const email = `cli.created${++n}@example.com`;
    await upsertStaff(database, { email, role: "admin", password: OLD_PASSWORD });
    const entries = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.create"), eq(auditLog.target, `staff:${email}`)));
    expect(entries).toEqual([
      expect.objectContaining({
        actorStaffId: null,
        outcome: "success",
        detail: expect.objectContaining({ via: "npm run staff", role: "admin" }),
      }),
    ]);
  });
});

describe("npm run staff -- add <existing email>: a password reset like an administrator's", () => {
  it("ends the member's sessions, requires a new password at sign-in, and audits the reset", async () => {
    const member = await signedInMember();
    await upsertStaff(database, { email: member.email, role: "finance", password: NEW_PASSWORD });

    // The cookie of before the reset (a stolen copy too) no longer signs anyone in.
    expect(await currentSignIn(database)).toBeNull();
    const row = await stored(member.email);
    expect(row).toMatchObject({ role: "finance", status: "active", mustChangePassword: true });
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
    expect(await resets(member.email)).toEqual([
      expect.objectContaining({
        actorStaffId: null,
        outcome: "success",
        detail: expect.objectContaining({ via: "npm run staff", endedSessions: 1, to: { role: "finance", status: "active" } }),
      }),
    ]);
  });

  it("changes nothing, the session included, when the reset's entry cannot be written", async () => {
    const member = await signedInMember();
    await whileAuditRefused(database, "staff.password.reset", () =>
      expect(upsertStaff(database, { email: member.email, role: "admin", password: NEW_PASSWORD })).rejects.toThrow(),
    );
    expect((await currentSignIn(database))?.staff.id).toBe(member.id);
    const row = await stored(member.email);
    expect(row).toMatchObject({ role: "ops", mustChangePassword: false });
    expect(await verifyPassword(OLD_PASSWORD, row.passwordHash)).toBe(true);
  });

  it("creates a new account without an entry or a required change (the first administrator)", async () => {
    const created = await upsertStaff(database, { email: "cli.first.admin@example.com", role: "admin", password: NEW_PASSWORD });
    expect(created).toMatchObject({ email: "cli.first.admin@example.com", role: "admin", status: "active" });
    expect(await stored(created.email)).toMatchObject({ mustChangePassword: false });
    expect(await resets(created.email)).toHaveLength(0);
  });
});

describe("stamping a sign-in (markSignedIn), the last word on whether it opens a session", () => {
  const hashOf = async (id: string) =>
    (await database.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, id)))[0]!.passwordHash;

  it("admits an active member whose password is the one checked, and no other", async () => {
    const member = await upsertStaff(database, { email: `stamp${++n}@example.com`, role: "ops", password: OLD_PASSWORD });
    const passwordHash = await hashOf(member.id);
    expect(await markSignedIn(database, member.id, passwordHash)).toBe(true);
    expect(await markSignedIn(database, member.id, null)).toBe(true);
    expect(await markSignedIn(database, member.id, `${passwordHash}x`)).toBe(false);
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, member.id));
    expect(await markSignedIn(database, member.id, passwordHash)).toBe(false);
    expect(await markSignedIn(database, member.id, null)).toBe(false);
    expect(await markSignedIn(database, "00000000-0000-4000-8000-000000000000", null)).toBe(false);
  });

  // Two connections, as two instances would have: a password change that starts after the stamp
  // waits for the sign-in's transaction, then ends the session it opened.
  it.runIf(againstPostgres())("holds a change back until the sign-in's session exists, so the change ends it", async () => {
    const member = await upsertStaff(database, { email: `stamp${++n}@example.com`, role: "ops", password: OLD_PASSWORD });
    const passwordHash = await hashOf(member.id);
    let changed = false;
    let change: Promise<number> | undefined;
    const sid = await database.transaction(async (tx) => {
      expect(await markSignedIn(tx, member.id, passwordHash)).toBe(true);
      change = database.transaction(async (other) => {
        await other.update(staff).set({ passwordHash: "changed" }).where(eq(staff.id, member.id));
        const ended = await revokeAllSessions(other, member.id);
        changed = true;
        return ended;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changed).toBe(false);
      return createSession(tx, member.id, { address: "10.0.0.2", userAgent: "vitest" });
    });
    expect(await change).toBe(1);
    const [session] = await database.select().from(staffSessions).where(eq(staffSessions.id, sid));
    expect(session?.revokedAt).not.toBeNull();
  });

  // A shared lock here would let both hold it and then deadlock on the stamp: PostgreSQL would abort one.
  it.runIf(againstPostgres())("20 sign-ins of one member at once all open their sessions", async () => {
    const member = await upsertStaff(database, { email: `stamp${++n}@example.com`, role: "ops", password: OLD_PASSWORD });
    const passwordHash = await hashOf(member.id);
    const sessions = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.transaction(async (tx) => {
          if (!(await markSignedIn(tx, member.id, passwordHash))) return null;
          return createSession(tx, member.id, { address: `10.0.1.${i}`, userAgent: "vitest" });
        }),
      ),
    );
    expect(sessions.filter((sid) => sid !== null)).toHaveLength(20);
  });
});
