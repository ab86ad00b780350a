import "server-only";
import { CURRENT_PASSWORD_ERRORS, REAUTHENTICATION_ERRORS } from "@/lib/contracts/account";
import { GUARD_ERRORS, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { writeAuditQuietly } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { verifyPassword } from "./password";
import { readSessionSecondFactor } from "./second-factor-store";
import { isSessionId } from "./session-store";
import { findStaffById, type StaffMember } from "./staff-repo";
import { admitAttempt, recordFailure, recordSuccess } from "./throttle";
import { passwordGate } from "./verify-gate";

/** The body field that carries the member's current password on every change to their credentials. */
export const CURRENT_PASSWORD_FIELD = "currentPassword";

export const REAUTHENTICATION_MESSAGES = {
  missing: "Enter your current password.",
  wrong: "The current password is not correct.",
  throttled: (seconds: number) => `Too many wrong passwords. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  busy: "Password checks are busy right now. Try again in a few seconds.",
  signInAgain: (provider: string, minutes: number) =>
    `For this, your sign-in with ${provider} must be recent (the last ${minutes} minute${minutes === 1 ? "" : "s"}). Sign out, sign in again, then retry.`,
};

export type Reauthentication = {
  db: Db;
  actor: StaffMember;
  /** The caller's server-side session. */
  sessionId: string;
  currentPassword?: string;
  /** What the audit entry of a refusal is filed under, and its target. */
  action: string;
  target?: string;
  requestId: string;
  /** The client address, for the sign-in throttle's per-address budget. */
  address: string;
};

/**
 * Proves the member is at the keyboard, not merely someone holding a copy of their cookie, before a
 * change to how they sign in (an authenticator bound or removed, recovery codes replaced, the
 * password changed). A password session re-enters the current password, counted by the sign-in
 * throttle like a sign-in (so it cannot be guessed here either). A single sign-on session has no
 * password of ours to give: it passes only while its sign-in at the provider is within the step-up
 * window, else a 403 asks for a fresh sign-in there. Returns how the member proved it.
 */
export async function reauthenticate(input: Reauthentication): Promise<"password" | "sso"> {
  const { db, actor: member } = input;
  const session = isSessionId(input.sessionId) ? await readSessionSecondFactor(db, input.sessionId) : undefined;
  if (!session) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  if (session.signInMethod === "sso") {
    const windowSeconds = env().stepUpMaxAgeSeconds;
    // Aged by the database, which stamped the sign-in: an instance's own clock may be minutes off it.
    if (session.signInAgeSeconds <= windowSeconds) return "sso";
    await writeAuditQuietly({
      db,
      actor: member,
      action: input.action,
      target: input.target,
      outcome: "denied",
      requestId: input.requestId,
      detail: { reason: "sign_in_not_recent" },
    });
    const provider = env().oidc?.name ?? "single sign-on";
    throw fail(
      REAUTHENTICATION_ERRORS,
      "reauthentication_required",
      REAUTHENTICATION_MESSAGES.signInAgain(provider, Math.max(1, Math.round(windowSeconds / 60))),
    );
  }

  await checkCurrentPassword(input);
  return "password";
}

/**
 * The current password, checked as a sign-in checks it: the throttle's budgets first (refused → no
 * check at all), then the password through the process-wide gate; a failure counts, a success
 * clears the member's schedule. Changing the password uses it whatever the session's sign-in.
 * Returns the stored hash the password matched, for a write conditional on it.
 */
export async function checkCurrentPassword(input: Omit<Reauthentication, "sessionId">): Promise<string> {
  const { db, actor: member } = input;
  const refuse = async (reason: string) =>
    writeAuditQuietly({
      db,
      actor: member,
      action: input.action,
      target: input.target,
      outcome: "denied",
      requestId: input.requestId,
      detail: { reason },
    });
  if (!input.currentPassword)
    throw fail(GUARD_ERRORS, "invalid_request", REAUTHENTICATION_MESSAGES.missing, { field: CURRENT_PASSWORD_FIELD });
  const admission = await admitAttempt(db, member.email, input.address);
  if (!admission.ok) {
    await refuse(`${admission.scope}_throttled`);
    const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
    throw fail(CURRENT_PASSWORD_ERRORS, "password_throttled", REAUTHENTICATION_MESSAGES.throttled(seconds), {
      field: CURRENT_PASSWORD_FIELD,
    });
  }
  const row = await findStaffById(db, member.id);
  if (!row) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  const currentPassword = input.currentPassword;
  const checked = await passwordGate.run(() => verifyPassword(currentPassword, row.passwordHash));
  if (checked.busy) throw fail(CURRENT_PASSWORD_ERRORS, "busy", REAUTHENTICATION_MESSAGES.busy);
  if (!checked.value) {
    await recordFailure(db, member.email);
    await refuse("wrong_current_password");
    throw fail(CURRENT_PASSWORD_ERRORS, "wrong_password", REAUTHENTICATION_MESSAGES.wrong, { field: CURRENT_PASSWORD_FIELD });
  }
  await recordSuccess(db, member.email, input.address, admission.windowStartedAt);
  return row.passwordHash;
}
