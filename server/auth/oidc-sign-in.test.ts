import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, staff, staffSessions } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { whileAuditRefused } from "@/server/testing/audit-refusal";
import { withFreshDatabase } from "@/server/testing/database";
import { OIDC_REFUSALS, OidcRefused, signInWithOidc } from "./oidc-sign-in";
import { openSession } from "./session-store";

const client = { address: "10.88.0.1", userAgent: "vitest" };
let database: Db;

async function addStaff(email: string, role: "ops" | "finance" | "admin", status: "active" | "disabled" = "active") {
  const [row] = await database
    .insert(staff)
    .values({ email, name: email.split("@")[0]!, role, status, passwordHash: "x" })
    .returning();
  return row!;
}

async function refusal(identity: Parameters<typeof signInWithOidc>[0]["identity"]): Promise<string> {
  const error = await signInWithOidc({ db: database, identity, client }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OidcRefused);
  return (error as OidcRefused).code;
}

const deniedFor = (email: string) =>
  database
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.outcome, "denied"), eq(auditLog.actorEmail, email)));

withFreshDatabase((opened) => (database = opened));

describe("single sign-on: matching the IdP's identity to a staff row", () => {
  it("signs in an active member by verified email, with the role of the staff table, and opens a session", async () => {
    const row = await addStaff("oidc.ops@example.com", "ops");
    const signedIn = await signInWithOidc({
      db: database,
      identity: { subject: "idp-1", email: "OIDC.Ops@Example.com", emailVerified: true },
      client,
    });
    expect(signedIn).toMatchObject({ id: row.id, email: "oidc.ops@example.com" });
    const open = await openSession(database, signedIn.sid);
    expect(open?.staff.role).toBe("ops");
    const [session] = await database.select().from(staffSessions).where(eq(staffSessions.id, signedIn.sid));
    expect(session).toMatchObject({ staffId: row.id, address: "10.88.0.1" });
  });

  it("opens no session when the sign-in's entry cannot be written", async () => {
    const row = await addStaff("oidc.unrecorded@example.com", "ops");
    const identity = { subject: "idp-9", email: "oidc.unrecorded@example.com", emailVerified: true };
    await whileAuditRefused(database, "auth.sign_in", () => expect(signInWithOidc({ db: database, identity, client })).rejects.toThrow());
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, row.id))).toHaveLength(0);
    await signInWithOidc({ db: database, identity, client });
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, row.id))).toHaveLength(1);
  });

  it("refuses an email the IdP has not verified, even a staff member's, and audits it", async () => {
    await addStaff("oidc.unverified@example.com", "finance");
    expect(await refusal({ subject: "idp-2", email: "oidc.unverified@example.com", emailVerified: false })).toBe(OIDC_REFUSALS.unverified);
    expect(await refusal({ subject: "idp-2", email: "oidc.unverified@example.com", emailVerified: undefined })).toBe(
      OIDC_REFUSALS.unverified,
    );
    expect((await deniedFor("oidc.unverified@example.com")).map((e) => e.detail)).toEqual([
      expect.objectContaining({ method: "oidc", reason: "email_unverified" }),
      expect.objectContaining({ method: "oidc", reason: "email_unverified" }),
    ]);
  });

  it("refuses an unknown email and a disabled account, each audited with its reason", async () => {
    expect(await refusal({ subject: "idp-3", email: "oidc.nobody@example.com", emailVerified: true })).toBe(OIDC_REFUSALS.unknown);
    await addStaff("oidc.disabled@example.com", "ops", "disabled");
    expect(await refusal({ subject: "idp-4", email: "oidc.disabled@example.com", emailVerified: "true" })).toBe(OIDC_REFUSALS.disabled);
    expect((await deniedFor("oidc.nobody@example.com"))[0]?.detail).toMatchObject({ reason: "unknown_account" });
    expect((await deniedFor("oidc.disabled@example.com"))[0]).toMatchObject({
      actorRole: "ops",
      detail: expect.objectContaining({ reason: "disabled" }),
    });
  });

  it("refuses an identity without an email", async () => {
    expect(await refusal({ subject: "idp-5", email: undefined, emailVerified: true })).toBe(OIDC_REFUSALS.unverified);
  });

  it.each([
    ["a Kelvin sign for the K", "\u212Aim.zz@example.com"],
    ["a leading byte-order mark", "\uFEFFkim.zz@example.com"],
    ["a trailing space", "kim.zz@example.com "],
    ["a full-width letter", "\uff4bim.zz@example.com"],
  ])("never folds an address with %s into a member's: no session, the refusal audited", async (_, email) => {
    const kim = await adminKim();
    expect(await refusal({ subject: "idp-6", email, emailVerified: true })).toBe(OIDC_REFUSALS.unknown);
    expect(await database.select().from(staffSessions).where(eq(staffSessions.staffId, kim.id))).toHaveLength(0);
    expect((await deniedFor(email))[0]?.detail).toMatchObject({ reason: "email_not_plain" });
  });
});

/** Kim, an administrator, added once for the look-alike cases. */
async function adminKim() {
  const [existing] = await database.select().from(staff).where(eq(staff.email, "kim.zz@example.com"));
  return existing ?? addStaff("kim.zz@example.com", "admin");
}
