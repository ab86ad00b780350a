import "server-only";
import { sql } from "drizzle-orm";
import { fail } from "@/lib/contracts/fail";
import { getCardVerification } from "@/lib/contracts/customers";
import { databaseNow } from "@/server/db/clock";
import type { Db } from "@/server/db/types";
import { randomUUID } from "node:crypto";
import { isAppError } from "@/lib/errors";
import type { VerificationView } from "@/lib/contracts/customers";
import type { CardVerificationStateRow } from "@/server/db/schema";
import { env } from "@/server/env";
import { writeAuditQuietly, type AuditActor } from "@/server/audit/writer";
import { refusedUnsent } from "@/server/upstream/circuit-breaker";
import { upstream } from "@/server/upstream/client";
import {
  claimCheck,
  dropClaim,
  isRememberedNotFound,
  mayRefresh,
  NOT_FOUND_CODE,
  pruneNotFound,
  readState,
  saveCheckFailure,
  saveStatus,
  toView,
  type VerificationState,
} from "./verification-store";
import { auditTarget } from "@/server/audit/target";

/** Errors after which the check counts as made and the last known state is kept (never read as approval). */
const KEEP_STATE_STATUSES = new Set([429, 502, 503, 504]);

/** How often a waiting request re-reads the row while another request's check is in flight. */
const WAIT_POLL_MS = 100;

/**
 * How long a claim lasts, and so how long others wait for it: the upstream call's own deadline
 * plus room for the token request and the save. A claim left by a crashed instance expires then.
 */
export function claimMs(): number {
  return env().timeoutMs + 5_000;
}

const notFound = (row: CardVerificationStateRow | null) =>
  fail(getCardVerification, "not_found", row?.lastErrorMessage || "Nothing was found with that id for this business.");

/** Whether this request needs a fresh upstream answer before it can reply. */
function needsCheck(row: VerificationState | null, wanted: boolean): boolean {
  if (!row?.checkedAt) return true;
  if (row.lastErrorCode === NOT_FOUND_CODE) return mayRefresh(row);
  return wanted && mayRefresh(row);
}

function settled(customerId: string, row: VerificationState | null): VerificationView {
  if (isRememberedNotFound(row)) throw notFound(row);
  return toView(customerId, row);
}

/**
 * Serves the stored state; calls the upstream GET only when `wanted` and the shared minute has
 * passed (or the customer was never checked). No transaction is open during the call: one request
 * takes a short claim on the row and calls; the others, on any instance, re-read the row until the
 * result is saved (bounded by the claim's life). Unknown and foreign ids are remembered as not
 * found for the shared minute, so repeating one costs no upstream call.
 */
/** Who asked, for the audit entry of a check that actually reached the upstream. */
type CheckRequester = { actor: AuditActor; requestId: string };

export async function readVerification({
  db,
  actor,
  input: { id: customerId, refresh: wanted },
  requestId,
}: {
  db: Db;
  /** Who asked (with requestId), for the audit entry of a check that reaches the upstream; none, none written. */
  actor?: AuditActor;
  /** `refresh`: ask the upstream when the shared minute has passed, not only the stored state. */
  input: { id: string; refresh: boolean };
  requestId?: string;
}): Promise<VerificationView> {
  const requester = actor && requestId ? { actor, requestId } : undefined;
  const claimId = randomUUID();
  const deadline = Date.now() + claimMs();
  for (;;) {
    const row = await readState({ db, customerId });
    if (!needsCheck(row, wanted)) return settled(customerId, row);
    // While another request's claim is live, only read: no write per poll.
    if (!row?.claimLive && (await claimCheck({ db, customerId, claimId, claimMs: claimMs() })))
      return checkNow(db, customerId, claimId, requester);
    if (Date.now() >= deadline) {
      // The other check outlived its claim: the last known state, or a clear "try again".
      if (row?.checkedAt) return settled(customerId, row);
      throw fail(
        getCardVerification,
        "verification_check_in_progress",
        "The verification status is still being checked. Try again in a moment.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

/** The claimed check: the upstream GET with no transaction open, then one short save. */
async function checkNow(db: Db, customerId: string, claimId: string, requester?: CheckRequester): Promise<VerificationView> {
  // What the answer tells us was true when the GET was sent, on the database's clock (read in a
  // statement of its own, nothing held across the call): a webhook received on another instance,
  // whose clock may be minutes away from ours, is ordered against it on the same clock.
  const sentAt = await databaseNow(db);
  // Only checks that reach the upstream are audited (at most one a minute per customer): the
  // customer's timeline shows who checked and what came back; reads of the stored row are not.
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    requester
      ? writeAuditQuietly({
          db,
          actor: requester.actor,
          action: "verification.check",
          target: auditTarget.customer(customerId),
          outcome,
          requestId: requester.requestId,
          detail,
        })
      : Promise.resolve();
  try {
    const result = await upstream().getCardVerification(customerId);
    await audit("success", { status: result.data.status, can_create_card: result.data.can_create_card });
    await saveStatus({
      db,
      customerId,
      update: { status: result.data.status, canCreateCard: result.data.can_create_card, source: "check" },
      checkedAt: sql`now()`,
      asOf: sentAt,
      claimId,
    });
  } catch (error) {
    if (refusedUnsent(error)) {
      // The breaker refused: no check was made, so none is audited or counted against the customer's minute.
      await dropClaim({ db, customerId, claimId });
      throw error;
    }
    await audit("failure", { code: isAppError(error) ? error.code : "internal_error" });
    if (isAppError(error) && error.status === 404) {
      await saveCheckFailure({ db, customerId, error: { code: NOT_FOUND_CODE, message: error.message }, claimId });
      await pruneNotFound({ db });
      throw notFound(await readState({ db, customerId }));
    }
    if (!isAppError(error) || !KEEP_STATE_STATUSES.has(error.status)) {
      await dropClaim({ db, customerId, claimId });
      throw error;
    }
    // The stored code is what the panel advises on: the upstream's own, when it sent one.
    await saveCheckFailure({ db, customerId, error: { code: error.upstreamCode ?? error.code, message: error.message }, claimId });
  }
  return toView(customerId, await readState({ db, customerId }));
}
