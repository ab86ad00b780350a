import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import { fetch as undiciFetch } from "undici";
import { retryAtOfHeader } from "@/lib/retry-later";
import { securityAlertOutbox } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";

/** How many due alerts one tick claims and posts, one after another. */
export const BATCH = 10;
/** After this many failed posts an alert is no longer posted (it stays on the admin home). */
export const MAX_ATTEMPTS = 8;
/** The longest one post may take. */
export const POST_TIMEOUT_MS = 5_000;
/**
 * A claimed row is not claimed again for this long, so two instances never post one alert at once.
 * The batch is posted one row after another, so its last row may still be posting a whole batch of
 * timeouts after the claim; one more timeout's worth covers the writes between the posts.
 */
const CLAIM_MS = (BATCH + 1) * POST_TIMEOUT_MS;
const TICK_MS = 10_000;

/** 10 s, 20 s, 40 s … at most an hour after the failed attempt. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));

/**
 * How an alert is posted: the one call `post` makes, in the shape both undici's `fetch` and the
 * global one answer (a test hands in the latter).
 */
export type PostFetch = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: "error" },
) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; body: { cancel(): Promise<void> } | null }>;

/**
 * undici's own `fetch`, not the global one: Next.js patches the global `fetch` once it serves, and
 * with tracing on every call through it becomes a span named after the URL fetched, and the webhook
 * URL is a secret (a chat service's incoming webhook carries its token in the path).
 */
const untracedFetch: PostFetch = (url, init) => undiciFetch(url, init);

type Delivery = { url: string; fetchImpl?: PostFetch; delayMs?: (attempts: number) => number };

/** What one post came to. */
type Outcome =
  | { kind: "delivered" }
  /** The receiver asks us to slow down (429): `retryAt` is its `Retry-After`, if it named a time. */
  | { kind: "rate-limited"; problem: string; retryAt: number | undefined }
  /** 404 or 410: the URL no longer leads to a receiver, and asking again will not change that. */
  | { kind: "gone"; problem: string }
  | { kind: "failed"; problem: string };

/**
 * Posts the due alerts to ALERT_WEBHOOK_URL. Claim, commit, post, record: the rows are claimed
 * with FOR UPDATE SKIP LOCKED and pushed past the claim period in a short transaction, so no
 * transaction is held open while a slow receiver answers, and another instance skips them.
 * Returns how many were delivered.
 */
export async function deliverDueAlerts({
  db,
  url,
  fetchImpl = untracedFetch,
  delayMs = retryDelayMs,
}: Delivery & { db: Db }): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: securityAlertOutbox.id,
        body: securityAlertOutbox.body,
        attempts: securityAlertOutbox.attempts,
        nextAttemptAt: securityAlertOutbox.nextAttemptAt,
      })
      .from(securityAlertOutbox)
      .where(
        and(
          isNull(securityAlertOutbox.deliveredAt),
          lte(securityAlertOutbox.nextAttemptAt, sql`now()`),
          lt(securityAlertOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(securityAlertOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const row of rows)
      await tx
        .update(securityAlertOutbox)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})` })
        .where(eq(securityAlertOutbox.id, row.id));
    return rows;
  });
  let delivered = 0;
  for (const [index, row] of claimed.entries()) {
    const outcome = await post(url, row.body, fetchImpl);
    const attempts = row.attempts + 1;
    if (outcome.kind === "delivered") {
      delivered += 1;
      await db
        .update(securityAlertOutbox)
        .set({ attempts, deliveredAt: sql`now()`, lastError: null })
        .where(eq(securityAlertOutbox.id, row.id));
      continue;
    }
    if (outcome.kind === "gone") {
      log.error(
        { outbox: row.id, attempts, problem: outcome.problem },
        "security alert webhook URL is gone (the receiver answers that it does not exist); this alert is not posted again: check ALERT_WEBHOOK_URL",
      );
      await db
        .update(securityAlertOutbox)
        .set({ attempts: MAX_ATTEMPTS, lastError: outcome.problem })
        .where(eq(securityAlertOutbox.id, row.id));
      continue;
    }
    // The later of the backoff and the receiver's Retry-After, on the database's clock like the claim.
    const waitMs = Math.max(delayMs(attempts), outcome.kind === "rate-limited" && outcome.retryAt ? outcome.retryAt - Date.now() : 0);
    log.warn({ outbox: row.id, attempts, problem: outcome.problem }, "security alert post failed; retried later");
    await db
      .update(securityAlertOutbox)
      .set({ attempts, lastError: outcome.problem, nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})` })
      .where(eq(securityAlertOutbox.id, row.id));
    if (outcome.kind === "rate-limited") {
      await release(db, claimed.slice(index + 1), outcome.retryAt);
      break;
    }
  }
  return delivered;
}

/**
 * Hands back the rows of a batch cut short by a 429, as they were before the claim (no attempt
 * spent, no error recorded): due again when they were, or, when the receiver named a time, not
 * before it, since posting them sooner would only be refused the same way.
 */
async function release(db: Db, rows: { id: number; nextAttemptAt: Date }[], retryAt: number | undefined): Promise<void> {
  if (rows.length === 0) return;
  if (retryAt === undefined) {
    for (const row of rows)
      await db.update(securityAlertOutbox).set({ nextAttemptAt: row.nextAttemptAt }).where(eq(securityAlertOutbox.id, row.id));
    return;
  }
  await db
    .update(securityAlertOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${Math.max(0, retryAt - Date.now()) / 1000})` })
    .where(
      inArray(
        securityAlertOutbox.id,
        rows.map((row) => row.id),
      ),
    );
}

/** What the receiver made of one post; a problem is short and without the URL (it may hold a token). */
async function post(url: string, body: { text: string }, fetchImpl: PostFetch): Promise<Outcome> {
  try {
    const res = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      redirect: "error",
    });
    await res.body?.cancel();
    if (res.ok) return { kind: "delivered" };
    const problem = `HTTP ${res.status}`;
    if (res.status === 429) return { kind: "rate-limited", problem, retryAt: retryAtOfHeader(res.headers.get("retry-after")) };
    if (res.status === 404 || res.status === 410) return { kind: "gone", problem };
    return { kind: "failed", problem };
  } catch (error) {
    return { kind: "failed", problem: error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable" };
  }
}

/**
 * Every instance ticks every 10 seconds; SKIP LOCKED shares the due rows among them. A failed tick
 * (database away) is logged and the next one tries again.
 */
export function startAlertOutbox(url: string, database: () => Promise<Db>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueAlerts({ db: await database(), url });
    } catch (error) {
      log.error({ err: error }, "security alert outbox tick failed; the next one tries again");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
