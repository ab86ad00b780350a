import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, staff, staffSessions } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { withFreshDatabase } from "@/server/testing/database";

// Counts the password checks actually made, and how many ran at the same moment.
// `hold`: the next check, once it has answered, waits for the test before the sign-in goes on.
const probe = vi.hoisted(() => ({
  calls: 0,
  active: 0,
  maxActive: 0,
  hold: null as null | { reached: () => void; release: Promise<void> },
}));
vi.mock("./password", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password")>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      probe.calls += 1;
      probe.active += 1;
      probe.maxActive = Math.max(probe.maxActive, probe.active);
      try {
        const answer = await real.verifyPassword(password, stored);
        const hold = probe.hold;
        probe.hold = null;
        if (hold) {
          hold.reached();
          await hold.release;
        }
        return answer;
      } finally {
        probe.active -= 1;
      }
    },
  };
});

const { signIn, SIGN_IN_MESSAGES } = await import("./sign-in");
const { hashPassword } = await import("./password");
const { THROTTLE_POLICY } = await import("./throttle");

const PASSWORD = "correct horse battery staple";
let database: Db;

async function addStaff(email: string): Promise<string> {
  const [row] = await database
    .insert(staff)
    .values({ email, name: email, role: "finance", passwordHash: await hashPassword(PASSWORD) })
    .returning();
  return row!.id;
}

const client = (address: string) => ({ address, userAgent: "vitest" });

async function auditRowsFor(email: string) {
  return database
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorEmail, email), eq(auditLog.action, "auth.sign_in")));
}

withFreshDatabase((opened) => (database = opened));

beforeEach(() => {
  probe.calls = 0;
  probe.maxActive = 0;
});

describe("sign-in throttle", () => {
  it("30 wrong passwords and the right one sent at once: no more passwords are checked than the schedule allows", async () => {
    const id = await addStaff("burst.target@example.com");
    const started = performance.now();
    const attempts = [
      ...Array.from({ length: 30 }, (_, i) =>
        signIn({ db: database, input: { email: "burst.target@example.com", password: `wrong-${i}` }, client: client(`10.0.0.${i + 1}`) }),
      ),
      signIn({ db: database, input: { email: "burst.target@example.com", password: PASSWORD }, client: client("10.0.1.1") }),
    ];
    const results = await Promise.allSettled(attempts);
    // The schedule lets one more check through after 1 s, another 2 s later, 4 s after that…: on a
    // loaded machine the burst itself can last past the first wait, and then a fourth check is what
    // the schedule allows, not a leak. The bound is what the schedule allows in the time the burst took.
    const elapsedSeconds = (performance.now() - started) / 1000;
    const allowed = THROTTLE_POLICY.freeAttempts + Math.floor(Math.log2(elapsedSeconds + 1));
    expect(probe.calls).toBeLessThanOrEqual(allowed);
    const right = results.at(-1)!;
    if (allowed === THROTTLE_POLICY.freeAttempts) {
      // Inside the first wait every check is spent on the wrong passwords or refused: the right one too.
      expect(right.status).toBe("rejected");
      expect((right as PromiseRejectedResult).reason.message).toMatch(/Too many failed attempts/);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(0);
      const sessions = await database.select().from(staffSessions).where(eq(staffSessions.staffId, id));
      expect(sessions).toHaveLength(0);
    }
  });

  it("refuses the correct password while the account is throttled, before checking it", async () => {
    await addStaff("throttled.right@example.com");
    for (let i = 0; i < THROTTLE_POLICY.freeAttempts; i++) {
      await expect(
        signIn({ db: database, input: { email: "throttled.right@example.com", password: "nope" }, client: client("10.0.2.1") }),
      ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    }
    probe.calls = 0;
    await expect(
      signIn({ db: database, input: { email: "throttled.right@example.com", password: PASSWORD }, client: client("10.0.2.1") }),
    ).rejects.toThrow(/Too many failed attempts/);
    expect(probe.calls).toBe(0);
  });

  it("a successful sign-in opens a session and starts the account's schedule again", async () => {
    const id = await addStaff("fresh.start@example.com");
    await expect(
      signIn({ db: database, input: { email: "fresh.start@example.com", password: "nope" }, client: client("10.0.3.1") }),
    ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    const signedIn = await signIn({
      db: database,
      input: { email: "Fresh.Start@example.com", password: PASSWORD },
      client: client("10.0.3.1"),
    });
    expect(signedIn).toMatchObject({ id, email: "fresh.start@example.com" });
    const [session] = await database.select().from(staffSessions).where(eq(staffSessions.id, signedIn.sid));
    expect(session).toMatchObject({ staffId: id, address: "10.0.3.1", userAgent: "vitest", revokedAt: null });
    for (let i = 0; i < THROTTLE_POLICY.freeAttempts; i++) {
      await expect(
        signIn({ db: database, input: { email: "fresh.start@example.com", password: "nope" }, client: client("10.0.3.1") }),
      ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    }
  });

  it("no session opens when the sign-in's entry cannot be written; the retry signs in, audited once", async () => {
    const id = await addStaff("unrecorded@example.com");
    const attempt = () =>
      signIn({ db: database, input: { email: "unrecorded@example.com", password: PASSWORD }, client: client("10.0.3.9") });
    await whileAuditRefused(database, "auth.sign_in", () => expect(attempt()).rejects.toThrow());
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, id))).toHaveLength(0);
    const signedIn = await attempt();
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, id))).toHaveLength(1);
    expect((await auditRowsFor("unrecorded@example.com")).map((e) => [e.outcome, (e.detail as { session?: string }).session])).toEqual([
      ["success", signedIn.sid],
    ]);
  });

  it("one client address gets its budget of attempts across any number of emails, then is refused before hashing", async () => {
    const address = "192.0.2.77";
    const results = await Promise.allSettled(
      Array.from({ length: THROTTLE_POLICY.addressBudget + 10 }, (_, i) =>
        signIn({ db: database, input: { email: `spray-${i}@example.com`, password: "guess" }, client: client(address) }),
      ),
    );
    const messages = results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : "signed in"));
    expect(messages.filter((m) => m.startsWith("Too many sign-in attempts from your network"))).toHaveLength(10);
    expect(probe.calls).toBeLessThanOrEqual(THROTTLE_POLICY.addressBudget);
    probe.calls = 0;
    await expect(
      signIn({ db: database, input: { email: "someone-new@example.com", password: "guess" }, client: client(address) }),
    ).rejects.toThrow(/from your network/);
    expect(probe.calls).toBe(0);
    // Another address is not affected.
    await expect(
      signIn({ db: database, input: { email: "someone-new@example.com", password: "guess" }, client: client("192.0.2.78") }),
    ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
  });

  it("a successful sign-in gives its address attempt back; a failure keeps it", async () => {
    await addStaff("give.back@example.com");
    const address = "192.0.2.200";
    const counted = async () => {
      const result = await database.execute(sql`SELECT count FROM sign_in_throttle WHERE scope = 'address' AND key = ${address}`);
      return (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count;
    };
    await signIn({ db: database, input: { email: "give.back@example.com", password: PASSWORD }, client: client(address) });
    await signIn({ db: database, input: { email: "give.back@example.com", password: PASSWORD }, client: client(address) });
    expect(await counted()).toBe(0);
    await expect(
      signIn({ db: database, input: { email: "give.back@example.com", password: "nope" }, client: client(address) }),
    ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    expect(await counted()).toBe(1);
  });
});

describe("a credential change while the password is being checked", () => {
  // A change ends the member's sessions, but not one a sign-in that was already checking the old
  // password has yet to open: that sign-in must see the change.
  it.each([
    ["the password is changed", async () => ({ passwordHash: await hashPassword("an entirely different passphrase") })],
    ["the account is disabled", async () => ({ status: "disabled" as const })],
  ])("%s: no session opens, and the attempt is audited as a failure", async (_, change) => {
    const email = `changed.${probe.calls}.${Date.now()}@example.com`;
    const id = await addStaff(email);
    let reached!: () => void;
    let release!: () => void;
    const checked = new Promise<void>((resolve) => (reached = resolve));
    probe.hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const attempt = signIn({ db: database, input: { email, password: PASSWORD }, client: client("10.0.7.1") });
    await checked;
    await database
      .update(staff)
      .set(await change())
      .where(eq(staff.id, id));
    release();
    await expect(attempt).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, id))).toHaveLength(0);
    expect((await auditRowsFor(email)).map((e) => [e.outcome, (e.detail as { reason?: string }).reason])).toEqual([
      ["failure", "changed_during_sign_in"],
    ]);
  });

  it("a check the account did not change under still signs in", async () => {
    const email = "unchanged.during@example.com";
    const id = await addStaff(email);
    let reached!: () => void;
    let release!: () => void;
    const checked = new Promise<void>((resolve) => (reached = resolve));
    probe.hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const attempt = signIn({ db: database, input: { email, password: PASSWORD }, client: client("10.0.7.2") });
    await checked;
    await database.update(staff).set({ name: "Renamed meanwhile" }).where(eq(staff.id, id));
    release();
    expect(await attempt).toMatchObject({ id });
  });
});

describe("unknown-email flood", () => {
  it("60 concurrent attempts for one unknown email write at most one audit entry and check at most the schedule's passwords", async () => {
    const email = "nobody.flood@example.com";
    await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        signIn({ db: database, input: { email, password: `p${i}` }, client: client(`198.51.100.${i + 1}`) }),
      ),
    );
    expect(await auditRowsFor(email)).toHaveLength(1);
    expect(probe.calls).toBeLessThanOrEqual(THROTTLE_POLICY.freeAttempts);
  });

  it("60 concurrent attempts for 60 unknown emails: at most one audit entry per email, at most two password checks at a time", async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `ghost-${i}@example.com`);
    await Promise.allSettled(
      emails.map((email, i) => signIn({ db: database, input: { email, password: "x" }, client: client(`203.0.113.${i + 1}`) })),
    );
    const [counts] = await database
      .execute(
        sql`SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM audit_log WHERE actor_email LIKE 'ghost-%' GROUP BY actor_email) c`,
      )
      .then((r) => (r as unknown as { rows: Array<{ most: number }> }).rows);
    expect(counts!.most).toBe(1);
    expect(probe.maxActive).toBeLessThanOrEqual(2);
    // Attempts beyond the gate's queue were refused before hashing, not queued without bound.
    expect(probe.calls).toBeLessThan(60);
  });

  it("an unknown email is checked against a hash like a real one (the same work, the same answer)", async () => {
    await addStaff("real.one@example.com");
    await expect(
      signIn({ db: database, input: { email: "real.one@example.com", password: "nope" }, client: client("10.0.4.1") }),
    ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    await expect(
      signIn({ db: database, input: { email: "not.real@example.com", password: "nope" }, client: client("10.0.4.1") }),
    ).rejects.toThrow(SIGN_IN_MESSAGES.wrong);
    expect(probe.calls).toBe(2);
  });
});
