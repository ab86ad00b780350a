import "server-only";
import { eq, sql } from "drizzle-orm";
import { isApproved, type VerificationStatus } from "@/lib/schemas/card-verification";
import type { VerificationView } from "@/lib/customers/verification-view";
import { cardVerificationState, type CardVerificationStateRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/** Spec Limits 1: one upstream check per minute per customer, shared by every caller. */
export const REFRESH_INTERVAL_MS = 60_000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export async function readState(handle: DbOrTx, customerId: string): Promise<CardVerificationStateRow | null> {
  const [row] = await handle.select().from(cardVerificationState).where(eq(cardVerificationState.customerId, customerId)).limit(1);
  return row ?? null;
}

type StatusUpdate = { status: VerificationStatus; canCreateCard: boolean; source: NonNullable<CardVerificationStateRow["statusSource"]> };

/** Records a status learned from the upstream (check, submit, webhook or the legacy card answer). */
export async function saveStatus(handle: DbOrTx, customerId: string, update: StatusUpdate, extra: { checkedAt?: Date } = {}): Promise<void> {
  const now = new Date();
  const values = {
    status: update.status,
    canCreateCard: update.canCreateCard,
    statusSource: update.source,
    statusUpdatedAt: now,
    updatedAt: now,
    ...(extra.checkedAt ? { checkedAt: extra.checkedAt, lastErrorCode: null, lastErrorMessage: null } : {}),
  };
  await handle
    .insert(cardVerificationState)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: cardVerificationState.customerId, set: values });
}

/** A failed check still uses the shared minute (the upstream counts it too) and keeps the last known status. */
export async function saveCheckFailure(handle: DbOrTx, customerId: string, error: { code: string; message: string }): Promise<void> {
  const now = new Date();
  const values = { checkedAt: now, lastErrorCode: error.code, lastErrorMessage: error.message, updatedAt: now };
  await handle
    .insert(cardVerificationState)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: cardVerificationState.customerId, set: values });
}

export async function markVerifiedAtIssuance(handle: DbOrTx, customerId: string): Promise<void> {
  await handle
    .insert(cardVerificationState)
    .values({ customerId, verifiedAtIssuance: true })
    .onConflictDoUpdate({ target: cardVerificationState.customerId, set: { verifiedAtIssuance: true, updatedAt: sql`now()` } });
}

export function refreshDueAt(row: CardVerificationStateRow | null): Date | null {
  return row?.checkedAt ? new Date(row.checkedAt.getTime() + REFRESH_INTERVAL_MS) : null;
}

export function mayRefresh(row: CardVerificationStateRow | null, now = new Date()): boolean {
  const due = refreshDueAt(row);
  return due === null || due.getTime() <= now.getTime();
}

/** The stored row as the panel sees it; approval is decided here, once, with isApproved. */
export function toView(customerId: string, row: CardVerificationStateRow | null, now = new Date()): VerificationView {
  const due = refreshDueAt(row);
  const status = row?.status ?? null;
  const canCreateCard = row?.canCreateCard ?? false;
  return {
    customer_id: customerId,
    status,
    can_create_card: canCreateCard,
    approved: status !== null && isApproved({ status, can_create_card: canCreateCard }),
    verified_at_issuance: row?.verifiedAtIssuance ?? false,
    source: row?.statusSource ?? null,
    status_updated_at: row?.statusUpdatedAt?.toISOString() ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    next_refresh_at: due && due.getTime() > now.getTime() ? due.toISOString() : null,
    last_error: row?.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } : null,
  };
}
