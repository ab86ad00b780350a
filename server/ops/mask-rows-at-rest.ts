import "server-only";
import { and, asc, isNotNull, sql, type SQL } from "drizzle-orm";
import { rows } from "@/server/db/migrate";
import { idempotencyRecords, seenObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { isDraining } from "./shutdown";

/**
 * A one-off job: rows of `seen_objects` and `idempotency_records.response_body` written before those
 * tables were masked by value still hold upstream text as it was sent (a card number, its CVV, a
 * BVN), and would until the object is read again or, for a key kept for good, forever. The masking
 * rule is JavaScript (server/privacy), so no SQL migration can apply it: this job rewrites them.
 *
 * Each table is walked in primary-key order, one batch per statement (a keyset read, then at most
 * one UPDATE), with no transaction held across batches. A row is rewritten only while each column
 * still holds the value read, so a newer write made meanwhile (an object read again, a key taken
 * over) is never overwritten. Masking masked text changes nothing, so running it twice, on two
 * instances at once, or again after an interrupted run, is harmless: no lock is needed. Completion
 * is recorded once per database as a row of `schema_migrations` (a name no `.sql` file can have),
 * and a start that finds it does nothing.
 */

/** The row in `schema_migrations` that says the job finished on this database. */
export const MASK_ROWS_AT_REST_MARKER = "job:mask-rows-at-rest-v1";

export const MASK_ROWS_BATCH_SIZE = 500;

/**
 * The masking rules, each from the module that writes the column (injected by server/startup.ts:
 * server/finance and server/idempotency import server/ops, so importing them back would make a cycle).
 */
export type MaskRules = {
  /** A `seen_objects` text as the index keeps it: `indexed` of server/finance/seen-objects.ts. */
  indexed: (text: string) => string;
  /** A stored `response_body` as completeKey keeps it: `maskedStoredAnswer` of server/idempotency/records.ts. */
  storedAnswer: (stored: string) => string;
};

export type MaskedTable = "seen_objects" | "idempotency_records";

export type MaskRowsOptions = {
  db: Db;
  rules: MaskRules;
  batchSize?: number;
  /** Asked before each batch: true stops the job (shutdown), leaving the marker unwritten. */
  shouldStop?: () => boolean;
  /** Test seam: runs after a batch is read and before its rewrites are written. */
  afterRead?: (table: MaskedTable) => Promise<void>;
};

export type MaskRowsCounts = {
  /** Rows rewritten masked. */
  seenObjects: number;
  idempotencyRecords: number;
  /** Rows left alone because a newer write changed them between the read and the rewrite. */
  changedMeanwhile: number;
  /** Response bodies that are not JSON (never written by the app): left as they are. */
  unreadable: number;
};

export type MaskRowsOutcome = { status: "already_done" } | ({ status: "finished" | "stopped" } & MaskRowsCounts);

type SeenRow = { kind: string; id: string; reference: string | null; accountNumber: string | null; label: string };
type AnswerRow = { scope: string; owner: string; key: string; body: string };

/** Runs the job once on `db` (see above). Errors propagate; `startMaskRowsAtRest` is the start-up's wrapper. */
export async function maskRowsAtRest({
  db,
  rules,
  batchSize = MASK_ROWS_BATCH_SIZE,
  shouldStop = () => false,
  afterRead = async () => {},
}: MaskRowsOptions): Promise<MaskRowsOutcome> {
  const done = rows(await db.execute(sql`SELECT 1 AS done FROM schema_migrations WHERE name = ${MASK_ROWS_AT_REST_MARKER}`));
  if (done.length > 0) return { status: "already_done" };
  const counts: MaskRowsCounts = { seenObjects: 0, idempotencyRecords: 0, changedMeanwhile: 0, unreadable: 0 };
  const stopped = () => ({ status: "stopped" as const, ...counts });

  let afterSeen: SeenRow | undefined;
  for (;;) {
    if (shouldStop()) return stopped();
    const batch: SeenRow[] = await db
      .select({
        kind: seenObjects.kind,
        id: seenObjects.id,
        reference: seenObjects.reference,
        accountNumber: seenObjects.accountNumber,
        label: seenObjects.label,
      })
      .from(seenObjects)
      .where(afterSeen ? sql`(${seenObjects.kind}, ${seenObjects.id}) > (${afterSeen.kind}, ${afterSeen.id})` : undefined)
      .orderBy(asc(seenObjects.kind), asc(seenObjects.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    afterSeen = batch[batch.length - 1];
    const changes = batch.flatMap((row) => {
      const masked = {
        reference: row.reference === null ? null : rules.indexed(row.reference),
        accountNumber: row.accountNumber === null ? null : rules.indexed(row.accountNumber),
        label: rules.indexed(row.label),
      };
      const same = masked.reference === row.reference && masked.accountNumber === row.accountNumber && masked.label === row.label;
      return same ? [] : [{ old: row, masked }];
    });
    await afterRead("seen_objects");
    const written = await rewriteSeenObjects(db, changes);
    counts.seenObjects += written;
    counts.changedMeanwhile += changes.length - written;
    if (batch.length < batchSize) break;
  }

  let afterAnswer: AnswerRow | undefined;
  for (;;) {
    if (shouldStop()) return stopped();
    const batch = await db
      .select({
        scope: idempotencyRecords.scope,
        owner: idempotencyRecords.owner,
        key: idempotencyRecords.key,
        body: idempotencyRecords.responseBody,
      })
      .from(idempotencyRecords)
      .where(
        and(
          isNotNull(idempotencyRecords.responseBody),
          afterAnswer
            ? sql`(${idempotencyRecords.scope}, ${idempotencyRecords.owner}, ${idempotencyRecords.key}) > (${afterAnswer.scope}, ${afterAnswer.owner}, ${afterAnswer.key})`
            : undefined,
        ),
      )
      .orderBy(asc(idempotencyRecords.scope), asc(idempotencyRecords.owner), asc(idempotencyRecords.key))
      .limit(batchSize);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1]!;
    afterAnswer = { ...last, body: "" };
    const changes = batch.flatMap((row) => {
      if (row.body === null) return [];
      let masked: string;
      try {
        masked = rules.storedAnswer(row.body);
      } catch {
        counts.unreadable += 1;
        return [];
      }
      return masked === row.body ? [] : [{ old: { ...row, body: row.body }, masked }];
    });
    await afterRead("idempotency_records");
    const written = await rewriteAnswers(db, changes);
    counts.idempotencyRecords += written;
    counts.changedMeanwhile += changes.length - written;
    if (batch.length < batchSize) break;
  }

  await db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${MASK_ROWS_AT_REST_MARKER}) ON CONFLICT (name) DO NOTHING`);
  return { status: "finished", ...counts };
}

/** One statement for the batch's rewrites, each applied only while the row still holds what was read. */
async function rewriteSeenObjects(db: Db, changes: { old: SeenRow; masked: Omit<SeenRow, "kind" | "id"> }[]): Promise<number> {
  if (changes.length === 0) return 0;
  const values = sql.join(
    changes.map(
      ({ old, masked }) =>
        sql`(${old.kind}::text, ${old.id}::text, ${old.reference}::text, ${masked.reference}::text, ${old.accountNumber}::text, ${masked.accountNumber}::text, ${old.label}::text, ${masked.label}::text)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE seen_objects AS s
    SET reference = v.new_reference, account_number = v.new_account_number, label = v.new_label
    FROM (VALUES ${values}) AS v(kind, id, old_reference, new_reference, old_account_number, new_account_number, old_label, new_label)
    WHERE s.kind = v.kind AND s.id = v.id
      AND s.reference IS NOT DISTINCT FROM v.old_reference
      AND s.account_number IS NOT DISTINCT FROM v.old_account_number
      AND s.label = v.old_label
    RETURNING 1 AS rewritten`);
  return rows(result).length;
}

async function rewriteAnswers(db: Db, changes: { old: AnswerRow; masked: string }[]): Promise<number> {
  if (changes.length === 0) return 0;
  const values: SQL = sql.join(
    changes.map(({ old, masked }) => sql`(${old.scope}::text, ${old.owner}::text, ${old.key}::text, ${old.body}::text, ${masked}::text)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    UPDATE idempotency_records AS r
    SET response_body = v.new_body
    FROM (VALUES ${values}) AS v(scope, owner, key, old_body, new_body)
    WHERE r.scope = v.scope AND r.owner = v.owner AND r.key = v.key AND r.response_body = v.old_body
    RETURNING 1 AS rewritten`);
  return rows(result).length;
}

/**
 * Starts the job in the background at start-up; the promise never rejects. It stops before its next
 * batch once shutdown began (the marker unwritten: the next start runs it again). A failure is a
 * warning and the job runs again at the next start; either way only counts are logged, never values.
 */
export async function startMaskRowsAtRest(
  open: () => Promise<Db>,
  rules: MaskRules,
  options: Pick<MaskRowsOptions, "batchSize" | "shouldStop"> = {},
): Promise<void> {
  const shouldStop = options.shouldStop ?? isDraining;
  try {
    const outcome = await maskRowsAtRest({ db: await open(), rules, ...options, shouldStop });
    if (outcome.status === "already_done") return;
    const { status, ...counts } = outcome;
    if (status === "finished") log.info(counts, "rows kept at rest from before masking: rewritten masked");
    else log.info(counts, "rows kept at rest from before masking: stopped by shutdown; the next start finishes the job");
  } catch (error) {
    if (shouldStop()) log.info({}, "rows kept at rest from before masking: stopped by shutdown; the next start finishes the job");
    else log.warn({ err: error }, "rewriting the rows kept at rest masked failed; the next start tries again");
  }
}
