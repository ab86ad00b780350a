import "server-only";
import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { CustomerContactView } from "@/lib/customers/contact";
import type { StaffMember } from "@/server/auth/staff-repo";
import { customerContactClaims, customerContacts } from "@/server/db/schema";
import { defineLease, releaseLease, takeLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";

const t = customerContacts;

/**
 * Remembers what the upstream accepted. Only the fields sent are replaced, each with its own time,
 * so an email-only edit keeps the phone number saved earlier.
 *
 * A field's time is when its update was claimed (`sentAt`, see claimContactUpdate), not when it is
 * saved, and a field is only replaced by a value sent later than the one it holds. Claims follow
 * one another, and an update's call ends before its claim does, so that is the order the upstream
 * applied them in: an update whose save comes late (a slow database, a paused instance), after
 * its claim expired and a colleague's later update was sent and saved, leaves that later value be.
 */
export async function saveContact({
  db,
  input: { id: customerId, ...change },
  actor: staff,
  sentAt,
}: {
  db: Db;
  input: { email?: string; phone_number?: string } & { id: string };
  actor: Pick<StaffMember, "id" | "email">;
  sentAt: Date;
}): Promise<void> {
  const at = sql`${sentAt.toISOString()}::timestamptz`;
  // A held value sent later stays. Equal times take the new one: claims follow one another, so of
  // two saves sent at the same millisecond, the second was sent second.
  const unlessNewer = (heldAt: SQLWrapper, column: SQLWrapper, value: unknown) =>
    sql`CASE WHEN ${heldAt} IS NULL OR ${heldAt} <= ${at} THEN ${value} ELSE ${column} END`;
  const email = change.email !== undefined ? { email: change.email, emailUpdatedAt: at } : {};
  const phone = change.phone_number !== undefined ? { phoneNumber: change.phone_number, phoneUpdatedAt: at } : {};
  const by = { updatedAt: at, updatedByStaffId: staff.id, updatedByEmail: staff.email };
  await db
    .insert(t)
    .values({ customerId, ...email, ...phone, ...by })
    .onConflictDoUpdate({
      target: t.customerId,
      set: {
        ...(change.email !== undefined
          ? {
              email: unlessNewer(t.emailUpdatedAt, t.email, change.email),
              emailUpdatedAt: unlessNewer(t.emailUpdatedAt, t.emailUpdatedAt, at),
            }
          : {}),
        ...(change.phone_number !== undefined
          ? {
              phoneNumber: unlessNewer(t.phoneUpdatedAt, t.phoneNumber, change.phone_number),
              phoneUpdatedAt: unlessNewer(t.phoneUpdatedAt, t.phoneUpdatedAt, at),
            }
          : {}),
        updatedAt: unlessNewer(t.updatedAt, t.updatedAt, at),
        updatedByStaffId: unlessNewer(t.updatedAt, t.updatedByStaffId, staff.id),
        updatedByEmail: unlessNewer(t.updatedAt, t.updatedByEmail, staff.email),
      },
    });
}

export async function readContact(db: Db, customerId: string): Promise<CustomerContactView> {
  const [row] = await db.select().from(t).where(eq(t.customerId, customerId)).limit(1);
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    customer_id: customerId,
    email: row?.email ?? null,
    email_updated_at: iso(row?.emailUpdatedAt),
    phone_number: row?.phoneNumber ?? null,
    phone_updated_at: iso(row?.phoneUpdatedAt),
    updated_at: iso(row?.updatedAt),
    updated_by: row?.updatedByEmail ?? null,
  };
}

/** One contact update in flight per customer: the claim row is the lease, and goes with it. */
const contactLease = defineLease(customerContactClaims, { key: ["customerId"], holder: "claimId", until: "claimedUntil", row: "own" });

/**
 * Takes the right to send one contact update for the customer, in one statement: only when no
 * live claim exists. The claim expires by itself, so a crashed instance holds the customer only
 * for the claim's life. Answers the moment it was taken, on the database's clock (the update's
 * `sentAt`, see saveContact), or null when another claim is live.
 */
export async function claimContactUpdate({
  db,
  customerId,
  claimId,
  claimMs,
}: {
  db: Db;
  customerId: string;
  claimId: string;
  claimMs: number;
}): Promise<Date | null> {
  if (!(await takeLease(db, contactLease, { values: { customerId }, token: claimId, ms: claimMs }))) return null;
  const c = customerContactClaims;
  const [held] = await db
    .select({ until: c.claimedUntil })
    .from(c)
    .where(and(eq(c.customerId, customerId), eq(c.claimId, claimId)));
  if (!held) throw new Error("A contact update claim just taken was not found.");
  // The lease ends a whole number of milliseconds after it was taken (endsIn).
  return new Date(held.until.getTime() - claimMs);
}

/** Gives the claim back only if it is still ours: one that expired and was taken over is the new holder's. */
export async function releaseContactUpdate({ db, customerId, claimId }: { db: Db; customerId: string; claimId: string }): Promise<void> {
  await releaseLease(db, contactLease, { where: eq(customerContactClaims.customerId, customerId), token: claimId });
}
