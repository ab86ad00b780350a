import "server-only";
import { eq, sql, type SQLWrapper } from "drizzle-orm";
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
 * A field's time is when its update was sent (`sentAt`, read on the database's clock after the
 * claim), not when it is saved, and a field is only replaced by a value sent later than the one it
 * holds. Claims follow one another, and an update's call ends before its claim does, so that is the
 * order the upstream applied them in: an update whose save comes late (a slow database, a paused
 * instance), after its claim expired and a colleague's later update was sent and saved, leaves that
 * later value be.
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
  const email = change.email !== undefined ? { email: change.email, emailUpdatedAt: at } : {};
  const phone = change.phone_number !== undefined ? { phoneNumber: change.phone_number, phoneUpdatedAt: at } : {};
  const by = { updatedAt: at, updatedByStaffId: staff.id, updatedByEmail: staff.email };
  // On a row already there, each group of columns takes its new values only if the time it holds
  // is not later. Equal times take the new ones: claims follow one another, so of two saves sent
  // at the same millisecond, the second was sent second.
  const unlessNewer = (heldAt: SQLWrapper, values: Partial<Record<keyof typeof t.$inferInsert, unknown>>) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        sql`CASE WHEN ${heldAt} IS NULL OR ${heldAt} <= ${at} THEN ${value} ELSE ${t[name as keyof typeof values]} END`,
      ]),
    );
  await db
    .insert(t)
    .values({ customerId, ...email, ...phone, ...by })
    .onConflictDoUpdate({
      target: t.customerId,
      set: { ...unlessNewer(t.emailUpdatedAt, email), ...unlessNewer(t.phoneUpdatedAt, phone), ...unlessNewer(t.updatedAt, by) },
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
 * for the claim's life.
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
}): Promise<boolean> {
  return takeLease(db, contactLease, { values: { customerId }, token: claimId, ms: claimMs });
}

/** Gives the claim back only if it is still ours: one that expired and was taken over is the new holder's. */
export async function releaseContactUpdate({ db, customerId, claimId }: { db: Db; customerId: string; claimId: string }): Promise<void> {
  await releaseLease(db, contactLease, { where: eq(customerContactClaims.customerId, customerId), token: claimId });
}
