import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isRole, type Role } from "@/lib/permissions";
import { parseStaffEmail } from "@/lib/validation/staff-email";
import { auditedChange } from "@/server/audit/audited-change";
import { auditTarget } from "@/server/audit/target";
import type { Db } from "@/server/db/types";
import { staff, type StaffRow } from "@/server/db/schema";
import { hashPassword } from "./password";
import { revokeAllSessions } from "./session-store";

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: "active" | "disabled";
  /** The IANA zone the member chose for dates; null (or absent) follows the browser's. */
  timeZone?: string | null;
};

/** Trimmed, with plain ASCII letters lower-cased and nothing else folded (Unicode folding turns the Kelvin sign into "k"). */
export function normaliseEmail(email: string): string {
  return asciiLowerCase(email.trim());
}

/**
 * An address someone else vouches for (an identity provider) as a staff email: only when it is
 * already exactly in the staff form's normalised form, the case of plain ASCII letters aside.
 * Nothing is trimmed or folded into a match: null for anything the staff form would have changed.
 */
export function exactStaffEmail(raw: string): string | null {
  const parsed = parseStaffEmail(raw);
  return parsed.ok && parsed.email === asciiLowerCase(raw) ? parsed.email : null;
}

function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export function toMember(row: StaffRow): StaffMember {
  if (!isRole(row.role)) throw new Error(`staff ${row.id} has an unknown role`);
  return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, timeZone: row.timeZone ?? null };
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/**
 * Creates the account (`npm run staff -- add`), or, when the email exists, resets its password, role
 * and status as an administrator's reset does: every session of the member ends (a stolen cookie
 * with them), the password must be changed at the next sign-in, and the reset is audited — all in
 * one transaction.
 */
export async function upsertStaff(db: Db, input: { email: string; name?: string; role: Role; password: string }): Promise<StaffMember> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const name = input.name ?? email.split("@")[0] ?? email;
  return auditedChange(db, async (tx) => {
    const [created] = await tx
      .insert(staff)
      .values({ email, name, role: input.role, passwordHash })
      .onConflictDoNothing({ target: staff.email })
      .returning();
    // Audited like the staff page's addition: an account made at the command line is in the trail too.
    if (created)
      return {
        result: toMember(created),
        audit: {
          actor: null,
          action: "staff.create",
          target: auditTarget.object("staff", email),
          outcome: "success",
          requestId: randomUUID(),
          detail: { via: "npm run staff", role: input.role },
        },
      };
    const [before] = await tx.select().from(staff).where(eq(staff.email, email)).for("update");
    // The database's now(), as the session rows' creation times it is compared with (see currentSignIn):
    // this host's clock may be far from the instances'.
    const [row] = await tx
      .update(staff)
      .set({
        role: input.role,
        passwordHash,
        status: "active",
        mustChangePassword: true,
        sessionsValidAfter: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(staff.email, email))
      .returning();
    // A sign-in still checking the old password stamps this row before it opens its session
    // (markSignedIn): it either sees this reset or waits, and its session is then among those ended here.
    const endedSessions = await revokeAllSessions(tx, row!.id);
    return {
      result: toMember(row!),
      audit: {
        actor: null,
        action: "staff.password.reset",
        target: auditTarget.object("staff", email),
        outcome: "success",
        requestId: randomUUID(),
        detail: {
          via: "npm run staff",
          endedSessions,
          from: { role: before!.role, status: before!.status },
          to: { role: input.role, status: "active" },
        },
      },
    };
  });
}

/**
 * Stamps the member's sign-in, if they may still open a session; false when they may not. A sign-in
 * checks the password outside any transaction, which takes long enough for a password change, a
 * reset or a disable to commit meanwhile. Those end the member's sessions, but not one that does not
 * exist yet: this runs in the transaction that creates the session, so a change either committed
 * first (and the row no longer matches) or waits for the row lock this update takes (and then ends
 * that session too). An update, not a shared lock: two sign-ins of one member would both hold a
 * shared one and then deadlock on the stamp. `passwordHash`: the hash the password was checked
 * against; null for a single sign-on.
 */
export async function markSignedIn(tx: Db, id: string, passwordHash: string | null): Promise<boolean> {
  const admitted = [eq(staff.id, id), eq(staff.status, "active")];
  if (passwordHash !== null) admitted.push(eq(staff.passwordHash, passwordHash));
  const stamped = await tx
    .update(staff)
    .set({ lastSignInAt: sql`now()` })
    .where(and(...admitted))
    .returning({ id: staff.id });
  return stamped.length === 1;
}
