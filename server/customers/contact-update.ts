import "server-only";
import { randomUUID } from "node:crypto";
import { fail } from "@/lib/contracts/fail";
import { postCustomerUpdate } from "@/lib/contracts/customers";
import { AppError, isAppError } from "@/lib/errors";
import type { Db } from "@/server/db/types";
import type { ContactUpdate, ContactUpdateResult } from "@/lib/customers/contact";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAudit, writeAuditQuietly } from "@/server/audit/writer";
import { log } from "@/server/log";
import { upstream } from "@/server/upstream/client";
import { databaseNow } from "@/server/db/clock";
import { outcomeUnknownAfter } from "@/server/idempotency/records";
import { claimContactUpdate, releaseContactUpdate, saveContact } from "./contacts";
import { claimMs } from "./verification-check";
import { readState } from "./verification-store";
import { auditTarget } from "@/server/audit/target";

const confirmationNeeded = () =>
  fail(
    postCustomerUpdate,
    "pending_verification_confirmation_required",
    "This customer's card verification is pending. Changing their details will not restart or speed it up. Confirm to save anyway.",
  );

/** The upstream's failure as it was (status, code), saying what staff need to know: "try again" alone invites a 409. */
const mayStillApply = (error: AppError) =>
  new AppError({
    status: error.status,
    code: error.code,
    message:
      "The payments API did not confirm the change, so it may still be applied there. If the details still need changing, try again in a few seconds.",
    cause: error,
  });

const updateInProgress = () =>
  fail(
    postCustomerUpdate,
    "conflict",
    "Another update of this customer's contact details is in progress (perhaps a colleague's). Wait a moment, look at the saved contact, then try again if it still needs changing.",
  );

/**
 * `POST /customers/{id}/update`. Only the contact fields are sent, and nothing else follows: a
 * contact edit never re-submits a verification. Audited with the changed fields, values masked.
 *
 * One update per customer is in flight at a time (a short claim, committed before the call; no
 * transaction is held across it), and a colleague's concurrent edit is refused with 409, not sent.
 * Why a claim rather than ordering saves by when each was sent: the payments API has no customer
 * read, so the stored copy is right only if it is saved in the order the upstream applied the
 * updates, and the moment we send is not the moment it applies (a token fetch, a queued
 * connection, another instance). Under the claim each update is applied before the next is sent
 * (its call's deadline comes before the claim's end), and a save keeps any value sent after its
 * own (saveContact), so even a save that comes after its claim expired and a colleague's update
 * went through cannot put the older value back.
 */
export async function updateContact({
  db,
  input: { id: customerId, ...change },
  actor: staff,
  requestId,
}: {
  db: Db;
  input: ContactUpdate & { id: string };
  actor: StaffMember;
  requestId: string;
}): Promise<ContactUpdateResult> {
  const stored = await readState({ db, customerId });
  if (stored?.status === "PENDING" && change.confirm_pending !== true) throw confirmationNeeded();

  const body = {
    ...(change.email !== undefined ? { email: change.email } : {}),
    ...(change.phone_number !== undefined ? { phone_number: change.phone_number } : {}),
  };
  const fieldsChanged = Object.keys(body);
  const base = { actor: staff, action: "customer.contact.update", target: auditTarget.customer(customerId), requestId };
  const claimId = randomUUID();
  if (!(await claimContactUpdate({ db, customerId, claimId, claimMs: claimMs() }))) throw updateInProgress();
  let mayStillLand = false;
  try {
    // When the update was sent, on the database's clock (read after the claim, nothing held across
    // the call): the order the stored copy keeps (saveContact).
    const sentAt = await databaseNow(db);
    const answer = await upstream().updateCustomer(customerId, body);
    // The audit key names (email, phone_number) are masked by the audit writer.
    await writeAudit({
      db,
      ...base,
      outcome: "success",
      detail: { fields_changed: fieldsChanged, ...body, during_pending: stored?.status === "PENDING" },
    });
    // The audit trail keeps masked values only; this row is what staff see as the current contact.
    // The change is made and audited by now: failing to remember it must not report a failed update.
    await saveContact({ db, input: { ...body, id: customerId }, actor: staff, sentAt }).catch((error: unknown) =>
      log.error({ err: error }, "could not store the updated contact details"),
    );
    return { message: answer.message ?? "The customer's contact details were updated.", fields_changed: fieldsChanged };
  } catch (error) {
    // After a timeout or a lost answer the update may still be applied upstream: the claim then
    // runs out its last seconds (claimMs), so a colleague's update is not sent ahead of it.
    mayStillLand = outcomeUnknownAfter(error);
    await writeAuditQuietly({
      db,
      ...base,
      outcome: "failure",
      detail: { fields_changed: fieldsChanged, ...body, code: isAppError(error) ? error.code : "internal_error" },
    });
    throw mayStillLand && isAppError(error) ? mayStillApply(error) : error;
  } finally {
    // The call has ended and its outcome is recorded: failing to give the claim back must not turn
    // that outcome into another error. Left behind, the claim expires by itself.
    if (!mayStillLand)
      await releaseContactUpdate({ db, customerId, claimId }).catch((error: unknown) =>
        log.error({ err: error }, "could not release the contact update claim"),
      );
  }
}
