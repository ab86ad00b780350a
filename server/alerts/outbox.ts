import "server-only";
import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
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

type Delivery = { url: string; fetchImpl?: typeof fetch; delayMs?: (attempts: number) => number };

/**
 * Posts the due alerts to ALERT_WEBHOOK_URL. Claim, commit, post, record: the rows are claimed
 * with FOR UPDATE SKIP LOCKED and pushed past the claim period in a short transaction, so no
 * transaction is held open while a slow receiver answers, and another instance skips them.
 * Returns how many were delivered.
 */
export async function deliverDueAlerts({ db, url, fetchImpl = fetch, delayMs = retryDelayMs }: Delivery & { db: Db }): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: securityAlertOutbox.id, body: securityAlertOutbox.body, attempts: securityAlertOutbox.attempts })
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
  for (const row of claimed) {
    const failure = await post(url, row.body, fetchImpl);
    const attempts = row.attempts + 1;
    if (failure === null) delivered += 1;
    else log.warn({ outbox: row.id, attempts, problem: failure }, "security alert post failed; retried later");
    await db
      .update(securityAlertOutbox)
      .set(
        failure === null
          ? { attempts, deliveredAt: sql`now()`, lastError: null }
          : { attempts, lastError: failure, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs(attempts) / 1000})` },
      )
      .where(eq(securityAlertOutbox.id, row.id));
  }
  return delivered;
}

/** null when the receiver took it (2xx); otherwise what went wrong, short and without the URL (it may hold a token). */
async function post(url: string, body: { text: string }, fetchImpl: typeof fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      redirect: "error",
    });
    await res.body?.cancel();
    return res.ok ? null : `HTTP ${res.status}`;
  } catch (error) {
    return error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
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
