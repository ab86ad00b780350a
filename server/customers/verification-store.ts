import "server-only";
import { and, eq, getTableColumns, isNull, lte, sql, type SQL } from "drizzle-orm";
import { isApproved, type VerificationStatus } from "@/lib/schemas/card-verification";
import type { VerificationView } from "@/lib/contracts/customers";
import { REFRESH_INTERVAL_MS } from "@/lib/customers/countdown";
import { cardVerificationState, type CardVerificationStateRow } from "@/server/db/schema";
import { defineLease, releaseLease, releasedWith, takeLease } from "@/server/db/lease";
import type { Db } from "@/server/db/types";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * The stored row, with what the database's clock says of its times (it wrote them, and instances'
 * clocks differ): `refreshDue`, the shared minute since the last check has passed (or there was
 * none); `claimLive`, a request's claim on the upstream call (a check's or a submit's) has not expired.
 */
export type VerificationState = CardVerificationStateRow & { refreshDue: boolean; claimLive: boolean };

const t = cardVerificationState;
const minutePassed = sql<boolean>`(${t.checkedAt} IS NULL OR ${t.checkedAt} <= now() - make_interval(secs => ${REFRESH_INTERVAL_MS / 1000}))`;
/**
 * A request's claim on the customer's upstream verification call (a check's or a submit's), kept in
 * two columns of the customer's row: released, they are cleared and the state stays.
 */
const callLease = defineLease(t, { key: ["customerId"], holder: "checkClaimId", until: "checkClaimedUntil", row: "shared" });

export async function readState({ db, customerId }: { db: DbOrTx; customerId: string }): Promise<VerificationState | null> {
  const [row] = await db
    .select({ ...getTableColumns(t), refreshDue: minutePassed, claimLive: callLease.live })
    .from(t)
    .where(eq(t.customerId, customerId))
    .limit(1);
  return row ?? null;
}

type StatusUpdate = { status: VerificationStatus; canCreateCard: boolean; source: NonNullable<CardVerificationStateRow["statusSource"]> };

type SaveOptions = {
  /**
   * The moment the status describes, on the database's clock (databaseNow, server/db/clock.ts): when
   * a check or submit was sent, or a webhook's decided_at capped at its receipt
   * (server/webhooks/decision-time.ts), so a status fetched after a webhook arrived always outranks
   * it. Never an instance's own clock: one running minutes ahead would outrank what others learn
   * later. Without it, the database's `now()` at the save.
   */
  asOf?: Date;
  /**
   * A check's result: starts the shared minute and clears the last error. A check passes the
   * database's `now()`, the clock the claim and the minute are judged by.
   */
  checkedAt?: Date | SQL;
  /** The claim this check holds, released with the save. */
  claimId?: string;
};

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Records a status learned from the upstream (check, submit, webhook or the legacy card answer).
 * A status older (`asOf`) than the stored one is not applied, and "status last changed" moves only
 * when the status or the card permission actually changes. Returns whether the status was applied.
 * Its own times ("status last changed", "updated") are the database's `now()`, like every time the
 * order is judged by, never this instance's clock.
 */
export async function saveStatus({
  db,
  customerId,
  update,
  ...options
}: { db: DbOrTx; customerId: string; update: StatusUpdate } & SaveOptions): Promise<boolean> {
  // Typed as a timestamp for the comparison in RETURNING; `now()` is one value for the whole statement.
  const asOf = options.asOf ? sql`${options.asOf.toISOString()}::timestamptz` : sql`now()`;
  const newer = sql`(${t.statusAsOf} IS NULL OR ${t.statusAsOf} <= ${excluded("status_as_of")})`;
  const changed = sql`(${t.status} IS DISTINCT FROM ${excluded("status")} OR ${t.canCreateCard} IS DISTINCT FROM ${excluded("can_create_card")})`;
  const pick = (column: string, current: unknown) => sql`CASE WHEN ${newer} THEN ${excluded(column)} ELSE ${current} END`;
  const [row] = await db
    .insert(t)
    .values({
      customerId,
      status: update.status,
      canCreateCard: update.canCreateCard,
      statusSource: update.source,
      statusUpdatedAt: sql`now()`,
      statusAsOf: asOf,
      updatedAt: sql`now()`,
      ...(options.checkedAt ? { checkedAt: options.checkedAt } : {}),
    })
    .onConflictDoUpdate({
      target: t.customerId,
      set: {
        status: pick("status", t.status),
        canCreateCard: pick("can_create_card", t.canCreateCard),
        statusSource: pick("status_source", t.statusSource),
        statusUpdatedAt: sql`CASE WHEN ${newer} AND ${changed} THEN ${excluded("status_updated_at")} ELSE ${t.statusUpdatedAt} END`,
        statusAsOf: sql`GREATEST(${t.statusAsOf}, ${excluded("status_as_of")})`,
        updatedAt: sql`now()`,
        ...(options.checkedAt ? { checkedAt: options.checkedAt, lastErrorCode: null, lastErrorMessage: null } : {}),
        ...(options.claimId ? releasedWith(callLease, options.claimId) : {}),
      },
    })
    // Applied when the stored moment is now this status's (GREATEST kept it, as `newer` held).
    .returning({ applied: sql<boolean>`${t.statusAsOf} = ${asOf}` });
  return row?.applied === true;
}

/**
 * A failed check still uses the shared minute (the upstream counts it too) and keeps the last
 * known status. A "not found" (unknown or another business's customer) is remembered the same way.
 */
export async function saveCheckFailure({
  db,
  customerId,
  error,
  claimId,
}: {
  db: DbOrTx;
  customerId: string;
  error: { code: string; message: string };
  claimId?: string;
}): Promise<void> {
  const values = { checkedAt: sql`now()`, lastErrorCode: error.code, lastErrorMessage: error.message, updatedAt: sql`now()` };
  await db
    .insert(t)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: t.customerId, set: { ...values, ...(claimId ? releasedWith(callLease, claimId) : {}) } });
}

/**
 * Gives the claim back without a result (a check that failed in a way that does not use the
 * minute, or a submit). A row the claim alone created goes with it: nothing was learned, and an
 * empty row would read as a customer we know something about.
 */
export async function dropClaim({ db, customerId, claimId }: { db: DbOrTx; customerId: string; claimId: string }): Promise<void> {
  await db
    .delete(t)
    .where(
      and(
        eq(t.customerId, customerId),
        callLease.heldBy(claimId),
        isNull(t.status),
        isNull(t.checkedAt),
        isNull(t.lastErrorCode),
        eq(t.verifiedAtIssuance, false),
      ),
    );
  await releaseLease(db, callLease, { where: eq(t.customerId, customerId), token: claimId });
}

type Claim = { db: DbOrTx; customerId: string; claimId: string; claimMs: number };

/**
 * Takes the right to make the upstream check, in one statement: only when no live claim exists and
 * the shared minute has passed. The claim expires by itself, so a crashed instance blocks nobody.
 * All on the database's clock: an instance whose clock ran ahead would take over a live claim
 * (two upstream checks at once) and check again within the minute.
 */
export const claimCheck = (claim: Claim) => claimCall(claim, minutePassed);

/**
 * Takes the right to make the upstream submit, in the check's own claim columns: one upstream
 * verification call at a time per customer, so a submit and a check never cross either. Only the
 * live claim matters here, not the shared minute, and nothing in it counts as a check: `checkedAt`
 * is set only by a check's save, so a submit claim neither starts nor uses the minute.
 */
export const claimSubmit = (claim: Claim) => claimCall(claim);

async function claimCall({ db, customerId, claimId, claimMs }: Claim, alsoWhen?: SQL): Promise<boolean> {
  return takeLease(db, callLease, { values: { customerId }, token: claimId, ms: claimMs, replace: { and: alsoWhen } });
}

/** The error code a check stores when the upstream answered 404 (unknown, or another business's customer). */
export const NOT_FOUND_CODE = "not_found";

/** Whether the row remembers "no such customer" for the current shared minute. */
export function isRememberedNotFound(row: VerificationState | null): boolean {
  return row?.lastErrorCode === NOT_FOUND_CODE && !mayRefresh(row);
}

/** Not-found rows left over from old checks: nothing in them is worth keeping past an hour. */
export async function pruneNotFound({ db }: { db: DbOrTx }): Promise<void> {
  const hourAgo = sql`now() - interval '1 hour'`;
  await db
    .delete(t)
    .where(
      and(
        eq(t.lastErrorCode, NOT_FOUND_CODE),
        isNull(t.status),
        eq(t.verifiedAtIssuance, false),
        lte(t.checkedAt, hourAgo),
        isNull(t.checkClaimId),
      ),
    );
}

export async function markVerifiedAtIssuance({ db, customerId }: { db: DbOrTx; customerId: string }): Promise<void> {
  await db
    .insert(cardVerificationState)
    .values({ customerId, verifiedAtIssuance: true })
    .onConflictDoUpdate({ target: cardVerificationState.customerId, set: { verifiedAtIssuance: true, updatedAt: sql`now()` } });
}

export function refreshDueAt(row: CardVerificationStateRow | null): Date | null {
  return row?.checkedAt ? new Date(row.checkedAt.getTime() + REFRESH_INTERVAL_MS) : null;
}

export function mayRefresh(row: VerificationState | null): boolean {
  return row === null || row.refreshDue;
}

/** The stored row as the panel sees it; approval is decided here, once, with isApproved. */
export function toView(customerId: string, row: VerificationState | null): VerificationView {
  const due = refreshDueAt(row);
  const status = row?.status ?? null;
  const canCreateCard = row?.canCreateCard ?? false;
  return {
    customer_id: customerId,
    status,
    can_create_card: canCreateCard,
    approved: isApproved({ status, can_create_card: canCreateCard }),
    verified_at_issuance: row?.verifiedAtIssuance ?? false,
    source: row?.statusSource ?? null,
    status_updated_at: row?.statusUpdatedAt?.toISOString() ?? null,
    checked_at: row?.checkedAt?.toISOString() ?? null,
    next_refresh_at: due && !mayRefresh(row) ? due.toISOString() : null,
    last_error: row?.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } : null,
  };
}

/**
 * Whether the payments API's last answer about this customer was "not found" (unknown, or another
 * business's), with no status of ours since: a decision pushed for it is not applied (see applyDecision).
 */
export async function upstreamDoesNotKnow(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ code: t.lastErrorCode, status: t.status }).from(t).where(eq(t.customerId, customerId)).limit(1);
  return row?.code === NOT_FOUND_CODE && row.status === null;
}
