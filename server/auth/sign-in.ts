import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "@/lib/validation/zod";
import { auditedChange } from "@/server/audit/audited-change";
import { writeAuditQuietly, type AuditEntry } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { dummyPasswordHash, verifyPassword } from "./password";
import { secondFactorAtSignIn } from "./second-factor-policy";
import { createSession } from "./session-store";
import { findStaffByEmail, markSignedIn, normaliseEmail, toMember } from "./staff-repo";
import { admitAttempt, claimAuditSlot, recordFailure, recordSuccess } from "./throttle";
import { passwordGate } from "./verify-gate";

export const SIGN_IN_MESSAGES = {
  wrong: "That email and password do not match an active staff account.",
  throttled: (seconds: number) => `Too many failed attempts for this account. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
  addressThrottled: (minutes: number) =>
    `Too many sign-in attempts from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  busy: "Sign-in is busy right now. Try again in a few seconds.",
  invalid: "Enter your work email and password.",
};

const credentialsSchema = z.object({ email: z.email().max(254), password: z.string().min(1).max(1024) });

export type SignInClient = { address: string; userAgent: string };
export type SignedIn = { id: string; email: string; name: string; sid: string };

/** Thrown to next-auth, whose client shows the message to the staff member. */
export class SignInRefused extends Error {
  override name = "SignInRefused";
}

/**
 * Checks a sign-in attempt: budgets first (refused → no password check at all), then the password
 * through the process-wide gate, the same work for unknown emails as for known ones. Success opens
 * a server-side session whose id goes into the cookie.
 */
export async function signIn({ db, input, client }: { db: Db; input: unknown; client: SignInClient }): Promise<SignedIn> {
  const parsed = credentialsSchema.safeParse(input ?? {});
  if (!parsed.success) throw new SignInRefused(SIGN_IN_MESSAGES.invalid);
  const email = normaliseEmail(parsed.data.email);
  const requestId = randomUUID();
  const anonymous = { id: null, email, role: null };

  const admission = await admitAttempt(db, email, client.address);
  if (!admission.ok) {
    const key = admission.scope === "email" ? email : client.address;
    await auditOnce(db, admission.scope, key, {
      actor: anonymous,
      action: "auth.sign_in",
      outcome: "denied",
      requestId,
      detail: { reason: `${admission.scope}_throttled` },
    });
    throw new SignInRefused(
      admission.scope === "email"
        ? SIGN_IN_MESSAGES.throttled(Math.max(1, Math.ceil(admission.retryAfterMs / 1000)))
        : SIGN_IN_MESSAGES.addressThrottled(Math.max(1, Math.ceil(admission.retryAfterMs / 60_000))),
    );
  }

  const row = await findStaffByEmail(db, email);
  const checked = await passwordGate.run(async () =>
    verifyPassword(parsed.data.password, row?.passwordHash ?? (await dummyPasswordHash())),
  );
  if (checked.busy) {
    await auditOnce(db, "email", email, {
      actor: anonymous,
      action: "auth.sign_in",
      outcome: "denied",
      requestId,
      detail: { reason: "busy" },
    });
    throw new SignInRefused(SIGN_IN_MESSAGES.busy);
  }
  if (!row || !checked.value || row.status !== "active") {
    await recordFailure(db, email);
    const entry: AuditEntry = {
      actor: { id: row?.id ?? null, email, role: row?.role ?? null },
      action: "auth.sign_in",
      outcome: "failure",
      requestId,
      // The address lets the failed-sign-in alert count failures per address (server/audit/alert-rules.ts).
      detail: { reason: !row ? "unknown_account" : !checked.value ? "wrong_password" : "disabled", address: client.address },
    };
    // A real account's failures are few (its schedule bounds them) and each is worth a line; an
    // unknown email is anyone's to flood, so it leaves one line a minute.
    if (row) await writeAuditQuietly({ ...entry, db });
    else await auditOnce(db, "email", email, entry);
    throw new SignInRefused(SIGN_IN_MESSAGES.wrong);
  }

  const member = toMember(row);
  const secondFactor = await secondFactorAtSignIn(db, row, "password");
  // No session without its entry: a sign-in the trail cannot record is refused, and the retry works.
  const signedIn = await auditedChange(db, async (tx) => {
    if (!(await markSignedIn(tx, row.id, row.passwordHash))) return { result: null, audit: null };
    await recordSuccess(tx, email, client.address, admission.windowStartedAt);
    const sid = await createSession(tx, row.id, client, secondFactor, "password");
    return {
      result: { id: member.id, email: member.email, name: member.name, sid },
      audit: { actor: member, action: "auth.sign_in", outcome: "success", requestId, detail: { session: sid } },
    };
  });
  if (signedIn) return signedIn;
  // The password, or the account, changed while the password was being checked: as for a wrong one.
  await writeAuditQuietly({
    db,
    actor: { id: row.id, email, role: row.role },
    action: "auth.sign_in",
    outcome: "failure",
    requestId,
    detail: { reason: "changed_during_sign_in", address: client.address },
  });
  throw new SignInRefused(SIGN_IN_MESSAGES.wrong);
}

async function auditOnce(db: Db, scope: "email" | "address", key: string, entry: AuditEntry): Promise<void> {
  if (await claimAuditSlot(db, scope, key)) await writeAuditQuietly({ ...entry, db });
}
