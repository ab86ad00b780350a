import "server-only";
import { eq } from "drizzle-orm";
import { errors } from "@/lib/errors";
import type { Preferences, UpdatePreferencesInput } from "@/lib/contracts/account";
import { writeAudit } from "@/server/audit/writer";
import { findStaffById, type StaffMember } from "@/server/auth/staff-repo";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** The member's own preferences, read fresh (the session's copy may predate a change in another tab). */
export async function readPreferences(db: Db, me: StaffMember): Promise<Preferences> {
  const row = await findStaffById(db, me.id);
  if (!row) throw errors.unauthenticated();
  return { timeZone: row.timeZone ?? null };
}

/** Saves the member's zone (already checked against the known list) and records the change. */
export async function updatePreferences({
  db,
  actor: me,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: UpdatePreferencesInput;
  requestId: string;
}): Promise<Preferences> {
  const before = await readPreferences(db, me);
  const [row] = await db
    .update(staff)
    .set({ timeZone: input.timeZone, updatedAt: new Date() })
    .where(eq(staff.id, me.id))
    .returning({ timeZone: staff.timeZone });
  if (!row) throw errors.unauthenticated();
  await writeAudit({
    db,
    actor: { id: me.id, email: me.email, role: me.role },
    action: "account.preferences.update",
    target: `staff:${me.email}`,
    outcome: "success",
    requestId,
    detail: { timeZone: { from: before.timeZone, to: row.timeZone } },
  });
  return { timeZone: row.timeZone ?? null };
}
