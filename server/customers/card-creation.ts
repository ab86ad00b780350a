import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { AppError, isAppError } from "@/lib/errors";
import type { CreateCardAnswer } from "@/lib/customers/verification-view";
import type { StaffMember } from "@/server/auth/staff-repo";
import { writeAuditQuietly } from "@/server/audit/writer";
import { db } from "@/server/db/client";
import { cardCreationLeases } from "@/server/db/schema";
import { env } from "@/server/env";
import { upstream } from "@/server/upstream/client";
import { readState, saveStatus, toView } from "./verification-store";

export const LEGACY_PENDING_MESSAGE = "Verification pending — no card was created.";

const inProgress = () =>
  new AppError({
    status: 409,
    code: "card_creation_in_progress",
    message: "A card is already being created for this customer (perhaps by a colleague). Wait for it to finish before trying again.",
  });

/**
 * Takes the per-customer lease: an insert, or a takeover of a lease that outlived any upstream
 * call (a crashed instance). Atomic in one statement, so of N concurrent requests one wins.
 */
async function takeLease(customerId: string, requestId: string): Promise<boolean> {
  const database = await db();
  const leaseMs = env().timeoutMs * 2 + 5_000;
  const expiresAt = new Date(Date.now() + leaseMs);
  const taken = await database
    .insert(cardCreationLeases)
    .values({ customerId, requestId, expiresAt })
    .onConflictDoUpdate({ target: cardCreationLeases.customerId, set: { requestId, expiresAt }, setWhere: lt(cardCreationLeases.expiresAt, sql`now()`) })
    .returning({ requestId: cardCreationLeases.requestId });
  return taken[0]?.requestId === requestId;
}

async function releaseLease(customerId: string, requestId: string): Promise<void> {
  const database = await db();
  await database.delete(cardCreationLeases).where(and(eq(cardCreationLeases.customerId, customerId), eq(cardCreationLeases.requestId, requestId)));
}

/** `POST /cards` for one customer, one call at a time across staff and instances; audited either way. */
export async function createCard(customerId: string, staff: StaffMember, requestId: string): Promise<CreateCardAnswer> {
  const audit = (outcome: "success" | "failure", detail: Record<string, unknown>) =>
    writeAuditQuietly({ actor: staff, action: "card.create", target: customerId, outcome, requestId, detail });
  if (!(await takeLease(customerId, requestId))) {
    await audit("failure", { code: "card_creation_in_progress" });
    throw inProgress();
  }
  try {
    const { status, result } = await upstream().createCard(customerId);
    if (result.kind === "verification") {
      // Legacy path (rule 4): the answer is a verification status, and nothing was issued.
      const database = await db();
      await saveStatus(database, customerId, { status: result.verification.status, canCreateCard: result.verification.can_create_card, source: "card" });
      await audit("failure", { http_status: status, outcome: "verification_pending", status: result.verification.status });
      return { kind: "verification_pending", message: LEGACY_PENDING_MESSAGE, view: toView(customerId, await readState(database, customerId)) };
    }
    await audit("success", { http_status: status, card_id: result.card.id });
    return { kind: "card", card: result.card };
  } catch (error) {
    if (isAppError(error)) await audit("failure", { http_status: error.status, code: error.code });
    throw error;
  } finally {
    await releaseLease(customerId, requestId);
  }
}
