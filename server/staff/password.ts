import "server-only";
import { GUARD_ERRORS, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import * as staffContracts from "@/lib/contracts/staff";
import * as accountContracts from "@/lib/contracts/account";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { ChangedPassword, ChangePasswordInput, ResetPassword } from "@/lib/contracts/account";
import { auditedChange } from "@/server/audit/audited-change";
import { hashPassword } from "@/server/auth/password";
import { newPasswordProblem } from "@/server/auth/password-policy";
import { checkCurrentPassword } from "@/server/auth/reauthenticate";
import { revokeAllSessions } from "@/server/auth/session-store";
import { findStaffById, type StaffMember } from "@/server/auth/staff-repo";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { auditTarget } from "@/server/audit/target";

/**
 * A staff member changes their own password, proving it with the current one (counted by the
 * sign-in throttle, see checkCurrentPassword). The write only lands if the stored hash is still the
 * one the current password was checked against, so two concurrent changes cannot both succeed.
 * Every other session of the member ends; the one making the change stays.
 */
export async function changeOwnPassword({
  db,
  actor: me,
  from,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  from: { sessionId: string | undefined; address: string };
  input: ChangePasswordInput;
  requestId: string;
}): Promise<ChangedPassword> {
  const row = await findStaffById(db, me.id);
  if (!row) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  const checkedHash = await checkCurrentPassword({
    db,
    actor: me,
    currentPassword: input.currentPassword,
    action: "staff.password.change",
    target: auditTarget.object("staff", me.email),
    requestId,
    address: from.address,
  });
  const problem = newPasswordProblem(input.newPassword, { email: me.email });
  if (problem) throw fail(accountContracts.changeOwnPassword, "weak_password", problem, { field: "newPassword" });
  if (input.newPassword === input.currentPassword)
    throw fail(accountContracts.changeOwnPassword, "same_password", "Choose a password different from the current one.", {
      field: "newPassword",
    });

  const passwordHash = await hashPassword(input.newPassword);
  return auditedChange(db, async (tx) => {
    const updated = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(and(eq(staff.id, me.id), eq(staff.passwordHash, checkedHash)))
      .returning({ id: staff.id });
    if (updated.length === 0)
      throw fail(
        accountContracts.changeOwnPassword,
        "password_changed",
        "Your password was changed meanwhile. Sign in again with the new one.",
        { field: "currentPassword" },
      );
    const endedSessions = await revokeAllSessions(tx, me.id, from.sessionId);
    return {
      result: { endedSessions },
      audit: {
        actor: me,
        action: "staff.password.change",
        target: auditTarget.object("staff", me.email),
        outcome: "success",
        requestId,
        detail: { endedSessions, wasRequired: row.mustChangePassword },
      },
    };
  });
}

/**
 * An administrator resets a member's password: a one-time password, shown once, that the member
 * must replace at the next sign-in. All the member's sessions end.
 */
export async function resetStaffPassword({
  db,
  actor: admin,
  input: { id: staffId },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string };
  requestId: string;
}): Promise<ResetPassword> {
  const member = await findStaffById(db, staffId);
  if (!member) throw fail(staffContracts.resetStaffPassword, "not_found", "No staff member has that id.");
  if (member.id === admin.id)
    throw fail(staffContracts.resetStaffPassword, "own_account", "Change your own password from Your password, with your current one.");
  // 16 characters from a 64-character alphabet: 96 bits, never on a common-password list.
  const oneTimePassword = randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(oneTimePassword);
  // Conditional on the hash read above: of two administrators resetting at once, only one one-time
  // password is ever shown — the other gets a 409 instead of a password that was already overwritten.
  return auditedChange(db, async (tx) => {
    const updated = await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: true, updatedAt: sql`now()` })
      .where(and(eq(staff.id, staffId), eq(staff.passwordHash, member.passwordHash)))
      .returning({ id: staff.id });
    if (updated.length === 0)
      throw fail(
        staffContracts.resetStaffPassword,
        "password_changed",
        "This password was just reset or changed by someone else. Reload and try again if still needed.",
      );
    const endedSessions = await revokeAllSessions(tx, staffId);
    return {
      result: { oneTimePassword, endedSessions },
      audit: {
        actor: admin,
        action: "staff.password.reset",
        target: auditTarget.object("staff", member.email),
        outcome: "success",
        requestId,
        detail: { endedSessions },
      },
    };
  });
}
