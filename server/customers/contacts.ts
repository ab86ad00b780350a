import "server-only";
import { eq } from "drizzle-orm";
import type { CustomerContactView } from "@/lib/customers/contact";
import type { StaffMember } from "@/server/auth/staff-repo";
import { customerContacts } from "@/server/db/schema";
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
  const now = new Date();
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
