import "server-only";
import { eq, sql } from "drizzle-orm";
import type { CustomerContactView } from "@/lib/customers/contact";
import type { StaffMember } from "@/server/auth/staff-repo";
import { customerContactClaims, customerContacts } from "@/server/db/schema";
import { defineLease, releaseLease, takeLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";

const t = customerContacts;

/**
 * Remembers what the upstream accepted. Only the fields sent are replaced, each with its own time,
 * so an email-only edit keeps the phone number saved earlier.
 */
export async function saveContact({
  db,
  input: { id: customerId, ...change },
  actor: staff,
}: {
  db: Db;
  input: { email?: string; phone_number?: string } & { id: string };
  actor: Pick<StaffMember, "id" | "email">;
}): Promise<void> {
  // The database's clock, as every other time of the customer's (the state beside it, the claim) is.
  const now = sql`now()`;
  const email = change.email !== undefined ? { email: change.email, emailUpdatedAt: now } : {};
  const phone = change.phone_number !== undefined ? { phoneNumber: change.phone_number, phoneUpdatedAt: now } : {};
  const by = { updatedAt: now, updatedByStaffId: staff.id, updatedByEmail: staff.email };
  await db
    .insert(t)
    .values({ customerId, ...email, ...phone, ...by })
    .onConflictDoUpdate({ target: t.customerId, set: { ...email, ...phone, ...by } });
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
