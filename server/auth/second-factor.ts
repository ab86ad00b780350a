import "server-only";
import { randomUUID } from "node:crypto";
import * as accountContracts from "@/lib/contracts/account";
import { SECOND_FACTOR_CODE_ERRORS, type SecondFactorStatusView } from "@/lib/contracts/account";
import { fail } from "@/lib/contracts/fail";
import * as staffContracts from "@/lib/contracts/staff";
import { auditedChange } from "@/server/audit/audited-change";
import { type AuditEntry, writeAuditQuietly } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { issueRecoveryCodes, consumeRecoveryCode, deleteRecoveryCodes, remainingRecoveryCodes } from "./recovery-codes";
import { isSecondFactorRequired, readSecondFactorPolicy } from "./second-factor-policy";
import { reauthenticate } from "./reauthenticate";
import {
  acceptStep,
  findTotp,
  markEnrolled,
  markSecondFactorPassed,
  readSessionSecondFactor,
  removeTotp,
  savePendingSecret,
} from "./second-factor-store";
import type { SessionStaff } from "./session";
import { sessionIdOf } from "./session-id";
import { isSessionId, revokeAllSessions } from "./session-store";
import { findStaffById, type StaffMember } from "./staff-repo";
import { clearSchedule, scheduledRetryAfter, takeScheduledAttempt } from "./throttle";
import { matchTotp, newTotpSecret, TOTP_CODE, totpQrDataUrl, totpUri, typedCode } from "./totp";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-box";
import { auditTarget } from "@/server/audit/target";

export const SECOND_FACTOR_MESSAGES = {
  wrong: "That code is not valid. Enter the current 6-digit code from your authenticator app, or an unused recovery code.",
  wrongTotp: "That code is not valid. Enter the current 6-digit code from your authenticator app.",
  throttled: (seconds: number) => `Too many wrong codes. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  notEnrolled: "Two-factor authentication is not set up for this account.",
  alreadyEnrolled: "Two-factor authentication is already set up for this account.",
  noPendingEnrolment: "Start the set-up again: no authenticator is waiting to be confirmed.",
  required: "An administrator requires two-factor authentication for your role, so it cannot be turned off.",
};

const wrongCode = (message = SECOND_FACTOR_MESSAGES.wrong) => fail(SECOND_FACTOR_CODE_ERRORS, "invalid_code", message, { field: "code" });
const throttled = (seconds: number) =>
  fail(SECOND_FACTOR_CODE_ERRORS, "second_factor_throttled", SECOND_FACTOR_MESSAGES.throttled(seconds));

export type CodeCheck = { method: "totp" | "recovery" };

/** What an accepted code lets through: its change, made with the code's spending, and its entry. */
type Accepted<R> = (tx: Db, check: CodeCheck) => Promise<{ result: R; audit: AuditEntry }>;

/**
 * Checks a second-factor code for a member, on the same attempt schedule as passwords (its own
 * 'totp' scope, keyed by staff id: taken before the check, so parallel guesses gain nothing), and
 * makes the change it allows. A TOTP code is single-use (its time step is recorded atomically), a
 * recovery code is spent in one UPDATE, and either is spent in the transaction of the change and its
 * entry: a change that does not land leaves the code unspent for the retry, and two requests with
 * one code cannot both land.
 */
export async function checkSecondFactorCode<R>(
  {
    db,
    actor: staff,
    input: { code },
    ...options
  }: {
    db: Db;
    actor: Pick<SessionStaff, "id" | "email" | "role" | "name" | "status">;
    input: { code: string };
    allowRecovery: boolean;
    action: string;
    nowMs?: number;
  },
  accepted: Accepted<R>,
): Promise<R> {
  const requestId = randomUUID();
  if (!(await takeScheduledAttempt(db, "totp", staff.id))) {
    const seconds = Math.max(1, Math.ceil((await scheduledRetryAfter(db, "totp", staff.id)) / 1000));
    await writeAuditQuietly({ db, actor: staff, action: options.action, outcome: "denied", requestId, detail: { reason: "throttled" } });
    throw throttled(seconds);
  }
  const trimmed = typedCode(code);
  // The authenticator's step is matched before the transaction: it is arithmetic over a row read once.
  let step: number | null = null;
  if (TOTP_CODE.test(trimmed)) {
    const row = await findTotp(db, staff.id);
    const secret = row?.enrolledAt ? openTotpSecret(row.secretBox) : null;
    step = secret ? await matchTotp(secret, trimmed, row?.lastStep ?? null, options.nowMs) : null;
  }
  const outcome = await auditedChange(db, async (tx) => {
    const method = await spendCode(tx, staff.id, trimmed, step, options.allowRecovery);
    if (!method) return { result: null, audit: null };
    await clearSchedule(tx, "totp", staff.id);
    const { result, audit } = await accepted(tx, { method });
    return { result: { value: result }, audit };
  });
  if (!outcome) {
    await writeAuditQuietly({ db, actor: staff, action: options.action, outcome: "failure", requestId, detail: { reason: "wrong_code" } });
    throw wrongCode(options.allowRecovery ? SECOND_FACTOR_MESSAGES.wrong : SECOND_FACTOR_MESSAGES.wrongTotp);
  }
  return outcome.value;
}

async function spendCode(
  tx: Db,
  staffId: string,
  code: string,
  step: number | null,
  allowRecovery: boolean,
): Promise<CodeCheck["method"] | null> {
  if (TOTP_CODE.test(code)) return step !== null && (await acceptStep(tx, staffId, step)) ? "totp" : null;
  return allowRecovery && (await consumeRecoveryCode(tx, staffId, code)) ? "recovery" : null;
}

/** A member's typed code, checked against their own second factor (`nowMs` for tests of the time step). */
type CodeRequest = { db: Db; actor: SessionStaff; input: { code: string }; nowMs?: number };

/** Sign-in, second step: the session becomes usable. */
export async function passSignInSecondFactor({
  db,
  actor: staff,
  input,
  nowMs,
}: CodeRequest): Promise<CodeCheck & { recoveryCodesLeft: number }> {
  const checked = await checkSecondFactorCode(
    { db, actor: staff, input, allowRecovery: true, action: "auth.second_factor", nowMs },
    markPassed(staff, "auth.second_factor"),
  );
  return { ...checked, recoveryCodesLeft: await remainingRecoveryCodes(db, staff.id) };
}

/** Step-up for a sensitive action: a fresh code moves the session's second-factor time to now. */
export async function stepUp({ db, actor: staff, input, nowMs }: CodeRequest): Promise<void> {
  const row = await findTotp(db, staff.id);
  if (!row?.enrolledAt) throw fail(accountContracts.stepUp, "not_enrolled", SECOND_FACTOR_MESSAGES.notEnrolled, { status: 400 });
  await checkSecondFactorCode(
    { db, actor: staff, input, allowRecovery: true, action: "auth.step_up", nowMs },
    markPassed(staff, "auth.step_up"),
  );
}

/** The session passes its second factor with the entry saying so, or not at all. */
function markPassed(staff: SessionStaff, action: string): Accepted<CodeCheck> {
  return async (tx, check) => {
    await markSecondFactorPassed(tx, staff.sessionId);
    return {
      result: check,
      audit: { actor: staff, action, outcome: "success", requestId: randomUUID(), detail: { method: check.method } },
    };
  };
}

export type EnrolmentStart = { secret: string; uri: string; qrDataUrl: string };

/** A new secret to scan (QR) or type (text); replaces an unconfirmed one. */
export async function startEnrolment({ db, actor: staff }: { db: Db; actor: SessionStaff }): Promise<EnrolmentStart> {
  const secret = newTotpSecret();
  if (!(await savePendingSecret(db, staff.id, sealTotpSecret(secret)))) {
    throw fail(accountContracts.startEnrolment, "already_enrolled", SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  }
  const uri = totpUri(secret, staff.email);
  return { secret, uri, qrDataUrl: await totpQrDataUrl(uri) };
}

/**
 * A change to the member's own factors: the code and the current password (see reauthenticate.ts),
 * the request, and the address it came from (the password throttle's per-address budget).
 */
export type FactorChange = {
  db: Db;
  actor: SessionStaff;
  input: { code: string; currentPassword?: string };
  requestId: string;
  address: string;
  /** For tests of the code's time step (see totp.ts). */
  nowMs?: number;
};

/** The step every change to the member's own factors starts with: a cookie alone is never enough. */
async function confirmItIsThem({ db, actor: staff, input, requestId, address }: FactorChange, action: string): Promise<void> {
  await reauthenticate({
    db,
    actor: staff,
    currentPassword: input.currentPassword,
    requestId,
    address,
    sessionId: staff.sessionId,
    action,
    target: auditTarget.object("staff", staff.email),
  });
}

/**
 * The first code proves the app holds the secret, the current password that it is the member: they
 * are enrolled, get 10 recovery codes (shown this once), this session counts as having passed its
 * second factor and every other session of theirs ends (it signed in without this authenticator).
 */
export async function confirmEnrolment(change: FactorChange): Promise<{ recoveryCodes: string[]; endedSessions: number }> {
  const { db, actor: staff, input, requestId, nowMs } = change;
  await confirmItIsThem(change, "account.second_factor.enrol");
  if (!(await takeScheduledAttempt(db, "totp", staff.id))) {
    const seconds = Math.max(1, Math.ceil((await scheduledRetryAfter(db, "totp", staff.id)) / 1000));
    throw throttled(seconds);
  }
  const row = await findTotp(db, staff.id);
  if (row?.enrolledAt) throw fail(accountContracts.confirmEnrolment, "already_enrolled", SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const secret = row ? openTotpSecret(row.secretBox) : null;
  if (!row || !secret) throw fail(accountContracts.confirmEnrolment, "no_pending_enrolment", SECOND_FACTOR_MESSAGES.noPendingEnrolment);
  const step = await matchTotp(secret, typedCode(input.code), null, nowMs);
  if (step === null) {
    await writeAuditQuietly({
      db,
      actor: staff,
      action: "account.second_factor.enrol",
      outcome: "failure",
      requestId,
      detail: { reason: "wrong_code" },
    });
    throw wrongCode(SECOND_FACTOR_MESSAGES.wrongTotp);
  }
  return auditedChange(db, async (tx) => {
    if (!(await markEnrolled(tx, staff.id, row.secretBox, step))) {
      throw fail(accountContracts.confirmEnrolment, "already_enrolled", SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    }
    await clearSchedule(tx, "totp", staff.id);
    const recoveryCodes = await issueRecoveryCodes(tx, staff.id);
    await markSecondFactorPassed(tx, staff.sessionId);
    const endedSessions = await revokeAllSessions(tx, staff.id, staff.sessionId);
    return {
      result: { recoveryCodes, endedSessions },
      audit: { actor: staff, action: "account.second_factor.enrol", outcome: "success", requestId, detail: { endedSessions } },
    };
  });
}

/**
 * Turning 2FA off takes the current password and a current code, and is refused while an
 * administrator requires 2FA for the role. The member's other sessions end.
 */
export async function disableSecondFactor(change: FactorChange): Promise<{ endedSessions: number }> {
  const { db, actor: staff, input, requestId, nowMs } = change;
  if (isSecondFactorRequired(await readSecondFactorPolicy(db), staff.role)) {
    throw fail(accountContracts.disableSecondFactor, "second_factor_required", SECOND_FACTOR_MESSAGES.required);
  }
  const row = await findTotp(db, staff.id);
  if (!row?.enrolledAt) throw fail(accountContracts.disableSecondFactor, "not_enrolled", SECOND_FACTOR_MESSAGES.notEnrolled);
  await confirmItIsThem(change, "account.second_factor.disable");
  return checkSecondFactorCode(
    { db, actor: staff, input, allowRecovery: false, action: "account.second_factor.disable", nowMs },
    async (tx) => {
      await removeTotp(tx, staff.id);
      await deleteRecoveryCodes(tx, staff.id);
      const endedSessions = await revokeAllSessions(tx, staff.id, staff.sessionId);
      return {
        result: { endedSessions },
        audit: {
          actor: staff,
          action: "account.second_factor.disable",
          outcome: "success",
          requestId,
          detail: { method: "totp", endedSessions },
        },
      };
    },
  );
}

/**
 * Ten new recovery codes replace the old ones (all of them, used or not), after the current
 * password and a current code. The member's other sessions end: one of them may be why.
 */
export async function regenerateRecoveryCodes(change: FactorChange): Promise<{ recoveryCodes: string[]; endedSessions: number }> {
  const { db, actor: staff, input, requestId, nowMs } = change;
  const row = await findTotp(db, staff.id);
  if (!row?.enrolledAt) throw fail(accountContracts.regenerateRecoveryCodes, "not_enrolled", SECOND_FACTOR_MESSAGES.notEnrolled);
  await confirmItIsThem(change, "account.second_factor.recovery_codes");
  const action = "account.second_factor.recovery_codes";
  return checkSecondFactorCode({ db, actor: staff, input, allowRecovery: false, action, nowMs }, async (tx) => {
    const recoveryCodes = await issueRecoveryCodes(tx, staff.id);
    const endedSessions = await revokeAllSessions(tx, staff.id, staff.sessionId);
    return {
      result: { recoveryCodes, endedSessions },
      audit: { actor: staff, action, outcome: "success", requestId, detail: { method: "totp", endedSessions } },
    };
  });
}

export type SecondFactorStatus = SecondFactorStatusView;

export async function secondFactorStatus({ db, actor: staff }: { db: Db; actor: SessionStaff }): Promise<SecondFactorStatus> {
  const row = await findTotp(db, staff.id);
  const session = isSessionId(staff.sessionId) ? await readSessionSecondFactor(db, staff.sessionId) : undefined;
  return {
    enrolled: Boolean(row?.enrolledAt),
    enrolledAt: row?.enrolledAt?.toISOString() ?? null,
    recoveryCodesLeft: row?.enrolledAt ? await remainingRecoveryCodes(db, staff.id) : 0,
    required: isSecondFactorRequired(await readSecondFactorPolicy(db), staff.role),
    reauthentication: session?.signInMethod === "sso" ? "sso" : "password",
  };
}

/**
 * An administrator turns a member's 2FA off (a lost phone and lost recovery codes). The member's
 * sessions end, so the next sign-in starts over: with the enrolment if the role requires it.
 */
export async function resetMemberSecondFactor({
  db,
  actor: admin,
  input: { memberId },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { memberId: string };
  requestId: string;
}): Promise<{ reset: boolean }> {
  const member = await findStaffById(db, memberId);
  if (!member) throw fail(staffContracts.resetStaffSecondFactor, "not_found", "No staff member has that id.");
  return auditedChange(db, async (tx) => {
    // Read on the transaction: "was enrolled" is what this reset removed, not what another one did.
    const row = await findTotp(tx, memberId);
    await removeTotp(tx, memberId);
    await deleteRecoveryCodes(tx, memberId);
    const ended = await revokeAllSessions(tx, memberId, memberId === admin.id ? sessionIdOf(admin) : undefined);
    return {
      result: { reset: Boolean(row?.enrolledAt) },
      audit: {
        actor: admin,
        action: "staff.second_factor.reset",
        target: auditTarget.object("staff", member.email),
        outcome: "success",
        requestId,
        detail: { wasEnrolled: Boolean(row?.enrolledAt), sessionsEnded: ended },
      },
    };
  });
}
