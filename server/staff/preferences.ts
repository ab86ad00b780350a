import "server-only";
import { eq, sql } from "drizzle-orm";
import { GUARD_ERRORS, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import type { Preferences, UpdatePreferencesInput } from "@/lib/contracts/account";
import { changeSetting } from "@/server/audit/setting-change";
import { findStaffById, type StaffMember } from "@/server/auth/staff-repo";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** The member's own preferences, read fresh (the session's copy may predate a change in another tab). */
export async function readPreferences(db: Db, me: StaffMember): Promise<Preferences> {
  const row = await findStaffById(db, me.id);
  if (!row) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
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
  const timeZone = input.timeZone;
  await changeSetting(db, {
    read: async (tx) => (await readPreferences(tx, me)).timeZone,
    write: async (tx) => {
      const [row] = await tx
        .update(staff)
        .set({ timeZone, updatedAt: sql`now()` })
        .where(eq(staff.id, me.id))
        .returning({ id: staff.id });
      if (!row) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
    },
    audit: (before) => ({
      actor: { id: me.id, email: me.email, role: me.role },
      action: "account.preferences.update",
      target: `staff:${me.email}`,
      outcome: "success",
      requestId,
      detail: { timeZone: { from: before, to: timeZone } },
    }),
  });
  return { timeZone };
}
