import "server-only";
import { sql } from "drizzle-orm";
import { isAppError } from "@/lib/errors";
import type { VerificationView } from "@/lib/customers/verification-view";
import { db } from "@/server/db/client";
import { upstream } from "@/server/upstream/client";
import { mayRefresh, readState, saveCheckFailure, saveStatus, toView } from "./verification-store";

/** Errors after which the check counts as made and the last known state is kept (never read as approval). */
const KEEP_STATE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Serves the stored state; calls the upstream GET only when `wanted` and the shared minute has
 * passed (or the customer was never checked). The per-customer advisory lock, held across the
 * call, makes concurrent requests on any instance wait and then read the fresh row: one call.
 */
export async function readVerification(customerId: string, wanted: boolean): Promise<VerificationView> {
  const database = await db();
  const stored = await readState(database, customerId);
  if (stored?.checkedAt && !(wanted && mayRefresh(stored))) return toView(customerId, stored);

  return database.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`verification:${customerId}`}))`);
    const row = await readState(tx, customerId);
    if (row?.checkedAt && !mayRefresh(row)) return toView(customerId, row);
    try {
      const result = await upstream().getCardVerification(customerId);
      await saveStatus(tx, customerId, { status: result.data.status, canCreateCard: result.data.can_create_card, source: "check" }, { checkedAt: new Date() });
    } catch (error) {
      // Unknown or foreign customers store nothing; the caller shows not-found.
      if (!isAppError(error) || !KEEP_STATE_STATUSES.has(error.status)) throw error;
      await saveCheckFailure(tx, customerId, { code: error.code, message: error.message });
    }
    return toView(customerId, await readState(tx, customerId));
  });
}
