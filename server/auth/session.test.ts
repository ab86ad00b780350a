import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { staff, staffSessions } from "@/server/db/schema";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import type { Db } from "@/server/db/types";
import { againstPostgres, withFreshDatabase } from "@/server/testing/database";

// The cookie still holds a valid session; only the staff row changes underneath it.
const cookie = vi.hoisted(() => ({ session: null as { staffId?: string; sid?: string } | null }));
vi.mock("./session-cookie", () => ({ currentSessionClaims: async () => cookie.session }));

const { currentSignIn, currentStaff } = await import("./session");
const { updateStaff } = await import("@/server/staff/service");
const { createSession, revokeAllSessions, revokeSession } = await import("./session-store");
const { upsertStaff } = await import("./staff-repo");

let database: Db;
let id: string;
let sid: string;

withFreshDatabase((opened) => (database = opened));
beforeAll(async () => {
  const [row] = await database
    .insert(staff)
    .values({ email: "session.test@example.com", name: "Session Test", role: "ops", passwordHash: "x" })
    .returning();
  id = row!.id;
  sid = await createSession(database, id, { userAgent: "vitest", address: "127.0.0.1" });
});

describe("currentStaff", () => {
  it("returns the member of an open session, read from the row", async () => {
    cookie.session = { staffId: id, sid };
    expect(await currentStaff(database)).toMatchObject({ id, email: "session.test@example.com", role: "ops", status: "active" });
  });

  it("follows a role change at the next request", async () => {
    cookie.session = { staffId: id, sid };
    await database.update(staff).set({ role: "compliance" }).where(eq(staff.id, id));
    expect((await currentStaff(database))?.role).toBe("compliance");
  });

  it("returns null once the account is disabled, although the session cookie is still valid", async () => {
    cookie.session = { staffId: id, sid };
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, id));
    expect(await currentStaff(database)).toBeNull();
    await database.update(staff).set({ status: "active" }).where(eq(staff.id, id));
  });

  it("keeps a session from before a disable dead after the account is re-enabled; a new sign-in works", async () => {
    const [admin] = await database
      .insert(staff)
      .values({ email: "session.admin@example.com", name: "Admin", role: "admin", passwordHash: "x" })
      .returning();
    const actor = { id: admin!.id, email: admin!.email, name: admin!.name, role: "admin" as const, status: "active" as const };
    cookie.session = { staffId: id, sid };
    expect(await currentStaff(database)).not.toBeNull();
    await updateStaff({ db: database, actor, input: { ...{ status: "disabled" }, id }, requestId: "req-1" });
    await updateStaff({ db: database, actor, input: { ...{ status: "active" }, id }, requestId: "req-2" });
    expect(await currentStaff(database)).toBeNull();
    // Disabling also ended the stored session; signing in again opens a new one.
    cookie.session = { staffId: id, sid };
    expect(await currentStaff(database)).toBeNull();
    sid = await createSession(database, id, { userAgent: "vitest", address: "127.0.0.1" });
    cookie.session = { staffId: id, sid };
    expect(await currentStaff(database)).not.toBeNull();
  });

  // Past the 12-hour limit: see session-absolute-limit.test.ts and "session lifetime in the database" below.
  it("returns null without a session, or for an unknown id", async () => {
    cookie.session = null;
    expect(await currentStaff(database)).toBeNull();
    cookie.session = { staffId: "00000000-0000-4000-8000-00000000dead", sid };
    expect(await currentStaff(database)).toBeNull();
  });

  it("returns null for a session that was ended, or a cookie that names none (issued before sessions were stored)", async () => {
    const other = await createSession(database, id, { userAgent: "other", address: "127.0.0.2" });
    cookie.session = { staffId: id, sid: other };
    expect((await currentStaff(database))?.sessionId).toBe(other);
    expect(await revokeSession(database, id, other)).toBe(true);
    expect(await currentStaff(database)).toBeNull();
    cookie.session = { staffId: id };
    expect(await currentStaff(database)).toBeNull();
  });

  it("refuses a session id that belongs to another staff member", async () => {
    const [intruder] = await database
      .insert(staff)
      .values({ email: "session.intruder@example.com", name: "Intruder", role: "finance", passwordHash: "x" })
      .returning();
    cookie.session = { staffId: intruder!.id, sid };
    expect(await currentStaff(database)).toBeNull();
    expect(await revokeSession(database, intruder!.id, sid)).toBe(false);
  });

  it("ends every other session of a member and keeps the caller's own", async () => {
    const mine = await createSession(database, id, { userAgent: "mine", address: "127.0.0.3" });
    const elsewhere = await createSession(database, id, { userAgent: "elsewhere", address: "127.0.0.4" });
    expect(await revokeAllSessions(database, id, mine)).toBeGreaterThanOrEqual(1);
    cookie.session = { staffId: id, sid: elsewhere };
    expect(await currentStaff(database)).toBeNull();
    cookie.session = { staffId: id, sid: mine };
    expect(await currentStaff(database)).not.toBeNull();
  });
});

describe("sessions ended by a disable or a reset, on the database's clock", () => {
  const MINUTE = 60_000;
  let n = 0;
  let admin: { id: string; email: string; name: string; role: "admin"; status: "active" };

  beforeAll(async () => {
    const [row] = await database
      .insert(staff)
      .values({ email: "skew.admin@example.com", name: "Skew Admin", role: "admin", passwordHash: "x" })
      .returning();
    admin = { id: row!.id, email: row!.email, name: row!.name, role: "admin", status: "active" };
  });

  async function newMember(): Promise<{ id: string; email: string }> {
    const [row] = await database
      .insert(staff)
      .values({ email: `skew.member${++n}@example.com`, name: "Skew Member", role: "ops", passwordHash: "x" })
      .returning();
    return { id: row!.id, email: row!.email };
  }

  /** A sign-in on an instance whose clock is right: a new session row, and a cookie stamped by that instance. */
  async function signIn(memberId: string): Promise<string> {
    const opened = await createSession(database, memberId, { userAgent: "vitest", address: "127.0.0.20" });
    cookie.session = { staffId: memberId, sid: opened };
    return opened;
  }

  const disableAndEnable = async (memberId: string) => {
    await updateStaff({ db: database, actor: admin, input: { status: "disabled", id: memberId }, requestId: `disable-${memberId}` });
    await updateStaff({ db: database, actor: admin, input: { status: "active", id: memberId }, requestId: `enable-${memberId}` });
  };
  const reset = async (member: { email: string }) => {
    await upsertStaff(database, { email: member.email, role: "ops", password: "a-reset-password-from-cli" });
  };
  const writers = [
    ["an administrator's disable (and re-enable)", (m: { id: string; email: string }) => disableAndEnable(m.id)],
    ["a reset by npm run staff", reset],
  ] as const;
  const cases = writers.flatMap(([label, write]) =>
    (
      [
        ["30 minutes fast", 30 * MINUTE],
        ["30 minutes slow", -30 * MINUTE],
      ] as const
    ).map(([clock, skewMs]) => [label, clock, skewMs, write] as const),
  );

  it.each(cases)("%s on a host %s still refuses a session opened before it", async (_label, _clock, skewMs, write) => {
    const member = await newMember();
    const before = await signIn(member.id);
    // Opened a second before the change, on the database's clock (and stamped so by its instance).
    await database
      .update(staffSessions)
      .set({ createdAt: sql`${staffSessions.createdAt} - interval '1 second'` })
      .where(eq(staffSessions.id, before));
    cookie.session = { staffId: member.id, sid: before };
    expect(await currentStaff(database)).not.toBeNull();
    await withAppClockSkew(skewMs, () => write(member));
    // The change ended the stored session; were that missed (a sign-in committing alongside it),
    // the session is still older than the change and stays refused.
    await database.update(staffSessions).set({ revokedAt: null }).where(eq(staffSessions.id, before));
    expect(await currentStaff(database)).toBeNull();
  });

  it.each(cases)(
    "after %s on a host %s, the member's next sign-in on another instance is accepted",
    async (_label, _clock, skewMs, write) => {
      const member = await newMember();
      await withAppClockSkew(skewMs, () => write(member));
      const opened = await signIn(member.id);
      expect((await currentSignIn(database))?.staff).toMatchObject({ id: member.id, sessionId: opened });
    },
  );
});

describe("session lifetime in the database", () => {
  it("a session unseen for longer than the idle timeout, or older than 12 hours, is not open (and not listed)", async () => {
    const { openSession, listOpenSessions } = await import("./session-store");
    const { staffSessions } = await import("@/server/db/schema");
    const idle = await createSession(database, id, { userAgent: "idle", address: "127.0.0.5" });
    const old = await createSession(database, id, { userAgent: "old", address: "127.0.0.6" });
    await database
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 32 * 60_000) })
      .where(eq(staffSessions.id, idle));
    await database
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60_000) })
      .where(eq(staffSessions.id, old));
    expect(await openSession(database, idle)).toBeNull();
    expect(await openSession(database, old)).toBeNull();
    const listed = (await listOpenSessions(database, id)).map((s) => s.id);
    expect(listed).not.toContain(idle);
    expect(listed).not.toContain(old);
  });
});

describe("last seen, on the database's clock", () => {
  it.each([
    ["ahead of", 40 * 60_000],
    ["behind", -40 * 60_000],
  ])(
    "a request on an instance whose clock runs 40 minutes %s the database's records it at the database's now",
    async (_label, offsetMs) => {
      const { openSession } = await import("./session-store");
      const { staffSessions } = await import("@/server/db/schema");
      const mine = await createSession(database, id, { userAgent: "skewed", address: "127.0.0.10" });
      await database
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
        .where(eq(staffSessions.id, mine));
      expect(await withAppClockSkew(offsetMs, () => openSession(database, mine))).not.toBeNull();
      const [row] = await database
        .select({ secondsAgo: sql<string>`extract(epoch from now() - ${staffSessions.lastSeenAt})` })
        .from(staffSessions)
        .where(eq(staffSessions.id, mine));
      expect(Math.abs(Number(row!.secondsAgo))).toBeLessThan(5);
      expect(await openSession(database, mine)).not.toBeNull();
    },
  );

  // Refused by the caller, but read here: touching it would keep it from idling out while disabled.
  it("a disabled member's session is not kept fresh by the requests it makes", async () => {
    const { openSession } = await import("./session-store");
    const { staffSessions } = await import("@/server/db/schema");
    const [other] = await database
      .insert(staff)
      .values({ email: "disabled.while.idle@example.com", name: "Idle", role: "ops", passwordHash: "not-a-hash" })
      .returning();
    const sid = await createSession(database, other!.id, { userAgent: "disabled", address: "127.0.0.11" });
    await database
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '20 minutes'` })
      .where(eq(staffSessions.id, sid));
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, other!.id));
    await openSession(database, sid);
    const [row] = await database
      .select({ minutesAgo: sql<string>`extract(epoch from now() - ${staffSessions.lastSeenAt}) / 60` })
      .from(staffSessions)
      .where(eq(staffSessions.id, sid));
    expect(Number(row!.minutesAgo)).toBeGreaterThan(19);
  });
});

describe.skipIf(againstPostgres())("a session read kept until the next write (in-process database)", () => {
  const sessionReads = () => {
    const client = (database as unknown as { $client: { exec: (text: string) => Promise<unknown> } }).$client;
    const spy = vi.spyOn(client, "exec");
    return {
      count: () => spy.mock.calls.filter(([text]) => String(text).startsWith("EXECUTE open_staff_session")).length,
      stop: () => spy.mockRestore(),
    };
  };

  it("reads the database once for requests with no write between them", async () => {
    const { openSession } = await import("./session-store");
    const mine = await createSession(database, id, { userAgent: "kept", address: "127.0.0.7" });
    const reads = sessionReads();
    try {
      const first = await openSession(database, mine);
      const again = await Promise.all(Array.from({ length: 20 }, () => openSession(database, mine)));
      expect(reads.count()).toBe(1);
      expect(again.every((a) => a?.session.id === first?.session.id && a?.staff.id === id)).toBe(true);
    } finally {
      reads.stop();
    }
  });

  it("a sign-out, a role change, a disabled account or a write anywhere reaches the very next request", async () => {
    const { openSession } = await import("./session-store");
    const mine = await createSession(database, id, { userAgent: "kept", address: "127.0.0.8" });
    cookie.session = { staffId: id, sid: mine };
    expect((await currentStaff(database))?.role).toBeDefined();
    await database.update(staff).set({ role: "finance" }).where(eq(staff.id, id));
    expect((await currentStaff(database))?.role).toBe("finance");
    await database.update(staff).set({ status: "disabled" }).where(eq(staff.id, id));
    expect(await currentStaff(database)).toBeNull();
    await database.update(staff).set({ status: "active" }).where(eq(staff.id, id));
    expect(await currentStaff(database)).not.toBeNull();

    // A write to another table, even through the raw client, also makes the next request read.
    const reads = sessionReads();
    try {
      await openSession(database, mine);
      const client = (database as unknown as { $client: { exec: (text: string) => Promise<unknown> } }).$client;
      await client.exec("update staff set name = name where false");
      await openSession(database, mine);
      expect(reads.count()).toBe(1);
    } finally {
      reads.stop();
    }
    await revokeSession(database, id, mine);
    expect(await currentStaff(database)).toBeNull();
  });

  it("a kept session past its idle limit by the clock is read again, not served", async () => {
    const { openSession } = await import("./session-store");
    const mine = await createSession(database, id, { userAgent: "kept", address: "127.0.0.9" });
    await openSession(database, mine);
    const reads = sessionReads();
    vi.useFakeTimers({ now: Date.now() + 40 * 60_000, toFake: ["Date"] });
    try {
      await openSession(database, mine);
      expect(reads.count()).toBe(1);
    } finally {
      vi.useRealTimers();
      reads.stop();
    }
  });
});
