import "server-only";
import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import { isAppError } from "@/lib/errors";
import type { Collection, Transaction } from "@/lib/schemas";
import { likePattern, matchesFolded } from "@/server/db/like";
import { seenObjects, type SeenObjectRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { maskSensitiveText } from "@/server/privacy";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";

export type SeenKind = SeenObjectRow["kind"];

type Seen = { kind: "transaction" | "bill"; object: Transaction } | { kind: "collection"; object: Collection };

/**
 * An upstream text as the index keeps it. In the form search reads what staff type (normalizeDigits:
 * full-width and other scripts' digits as ASCII, NFKC folding full-width letters), or an account
 * number or reference sent in full-width could never be found. Masked by value like every answer:
 * the index is kept for good and searched by prefix and substring, so a card number, its CVV or a
 * BVN kept here would be both at rest and confirmable digit by digit through search. An account
 * number goes through the same mask: a NUBAN (10 digits) comes back as sent, a card number sent
 * under that name does not. Also the rule server/ops/mask-rows-at-rest.ts applies to rows written
 * before this masking (reference, account number and label, each as it is stored).
 */
export function indexed(text: string): string;
export function indexed(text: string | null | undefined): string | null;
export function indexed(text: string | null | undefined): string | null {
  return text == null ? null : maskSensitiveText(normalizeDigits(text));
}

function rowOf(seen: Seen, seenAt: Date | SQL) {
  if (seen.kind === "collection") {
    const c = seen.object;
    return {
      kind: seen.kind,
      id: c.id,
      reference: indexed(c.reference),
      accountNumber: indexed(c.account_number),
      customerId: null,
      label: indexed([c.account_name, c.bank_name].filter(Boolean).join(" · ")),
      report: false,
      amount: c.balance ?? null,
      currency: c.currency ?? null,
      seenAt,
    };
  }
  const t = seen.object;
  return {
    kind: seen.kind,
    id: t.id,
    reference: indexed(t.reference),
    accountNumber: indexed(t.account_number),
    customerId: null,
    label: indexed([t.account_name, t.detail ?? t.category].filter(Boolean).join(" · ")),
    report: t.report === true,
    amount: t.amount ?? null,
    currency: t.currency ?? null,
    seenAt,
  };
}

/**
 * Remembers an object read through the BFF (upsert: the newest read wins). Stamped by the database's
 * clock: the recent lists sort these beside times the database wrote, and an instance ten minutes
 * fast would list an object opened earlier after one opened later elsewhere.
 */
export async function recordSeen({ db, seen, seenAt = sql`now()` }: { db: Db; seen: Seen; seenAt?: Date | SQL }): Promise<void> {
  const row = rowOf(seen, seenAt);
  const { kind: _k, id: _i, ...rest } = row;
  await db
    .insert(seenObjects)
    .values(row)
    .onConflictDoUpdate({ target: [seenObjects.kind, seenObjects.id], set: rest });
}

/** The read already succeeded: a failed index write is logged, never turned into the read's error. */
export async function recordSeenQuietly({ db, seen }: { db: Db; seen: Seen }): Promise<void> {
  try {
    await recordSeen({ db, seen });
  } catch (error) {
    log.warn({ err: error, kind: seen.kind }, "could not index a seen object");
  }
}

/**
 * Reads one object from the upstream. A 404 (an unknown id, or another business's: the client maps
 * the upstream's 403 to it) also drops the id from the index, so search offers only what the
 * upstream confirmed exists for this business, even for ids indexed before.
 */
export async function readConfirmed<T>({ db, kind, id, read }: { db: Db; kind: SeenKind; id: string; read: () => Promise<T> }): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error) && error.status === 404) await forgetSeenQuietly(db, kind, id);
    throw error;
  }
}

async function forgetSeenQuietly(db: Db, kind: SeenKind, id: string): Promise<void> {
  try {
    await db.delete(seenObjects).where(and(eq(seenObjects.kind, kind), eq(seenObjects.id, id)));
  } catch (error) {
    log.warn({ err: error, kind }, "could not drop a not-found object from the index");
  }
}

/**
 * Objects whose id, reference or account number matches what was typed (exact matches and
 * prefixes, case-insensitive), or whose counterparty name contains it, newest first. Only the kinds the caller may open are asked for.
 */
export async function findSeen({
  db,
  q: typed,
  kinds,
  limit = 8,
}: {
  db: Db;
  q: string;
  kinds: readonly SeenKind[];
  limit?: number;
}): Promise<SeenObjectRow[]> {
  // The rows are kept in this form (see indexed), whoever calls.
  const q = normalizeDigits(typed);
  if (kinds.length === 0 || q === "") return [];
  // Case is folded by the database on both sides (matchesFolded): a name typed as shown must be found.
  const prefix = likePattern(q, "prefix");
  return db
    .select()
    .from(seenObjects)
    .where(
      and(
        inArray(seenObjects.kind, [...kinds]),
        or(
          matchesFolded(seenObjects.id, prefix),
          matchesFolded(seenObjects.reference, prefix),
          like(seenObjects.accountNumber, prefix),
          eq(seenObjects.customerId, q),
          // The counterparty's name (account name, bank) anywhere in the label; three letters at
          // least, so one keystroke does not list everything.
          q.length >= 3 ? matchesFolded(seenObjects.label, likePattern(q, "contains")) : undefined,
        ),
      ),
    )
    .orderBy(desc(seenObjects.seenAt))
    .limit(limit);
}
