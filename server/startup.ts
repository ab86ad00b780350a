import "server-only";
import { startAlertOutbox } from "@/server/alerts/outbox";
import { startCheckpointSchedule } from "@/server/audit/checkpoint-schedule";
import { syncDemoAccounts } from "@/server/auth/demo-accounts";
import { closeDatabase, db } from "@/server/db/client";
import { env, EnvError } from "@/server/env";
import { startCardListParser } from "@/server/finance/card-list-thread";
import { indexed } from "@/server/finance/seen-objects";
import { maskedStoredAnswer } from "@/server/idempotency/records";
import { log } from "@/server/log";
import { startMaskRowsAtRest } from "@/server/ops/mask-rows-at-rest";
import { installShutdown } from "@/server/ops/shutdown";
import { onEmbeddedVerificationDecision } from "@/server/upstream/embedded-simulator";
import { deliverInProcess } from "@/server/webhooks/delivery";

/**
 * A bad configuration stops start-up with each variable's name; the database is opened and
 * migrated before the first request rather than during it. The demo accounts are made (sandbox) or
 * disabled (production) here, once per start, not by whoever happens to open the database first.
 * The thread that parses card lists boots now rather than in the first list's load.
 * SIGTERM drains the requests in flight (at most 10 s) and closes the database.
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, the tracing SDK starts first. With audit checkpoints
 * configured, their schedule starts (server/audit/checkpoint-schedule.ts). Rows kept from before
 * masking at rest are rewritten masked in the background, once per database (server/ops/mask-rows-at-rest.ts).
 */
export async function start(): Promise<void> {
  try {
    await boot();
  } catch (error) {
    // Next.js keeps a failed start and answers 500 to every request after it, with the port open and
    // nothing retrying: a database not yet up after a reboot, or a failed migration, would leave an
    // instance that looks alive and never works. Exiting hands the retry to the supervisor.
    if (error instanceof EnvError) console.error(error.message);
    else log.error({ err: error }, "start-up failed; exiting so that the supervisor starts this instance again");
    process.exit(1);
  }
}

async function boot(): Promise<void> {
  const config = env();
  // Before the first request, so Next.js's request spans and ours go to the collector. Unset, nothing of the SDK loads.
  const tracing = config.tracing ? await import("@/server/observability/tracing-sdk") : null;
  if (config.tracing) tracing?.startTracing({ ...config.tracing, trustIncoming: config.trustProxy });
  // The spans still buffered are sent while the database closes (at most 2 s; a dead collector only loses them).
  installShutdown({ close: async () => void (await Promise.all([closeDatabase(), tracing?.stopTracing()])), log });
  await syncDemoAccounts(await db(), config.environment, config.demoPassword);
  // Once per database, in the background: rows kept from before masking at rest are rewritten masked (never throws).
  void startMaskRowsAtRest(db, { indexed, storedAnswer: maskedStoredAnswer });
  startCardListParser();
  // A bad key or an unwritable directory stops the start (an EnvError), like any other bad configuration.
  if (config.auditCheckpoints) await startCheckpointSchedule(config.auditCheckpoints, db);
  // Security alerts queued for ALERT_WEBHOOK_URL are posted by whichever instance claims them first.
  if (config.alertWebhookUrl) startAlertOutbox(config.alertWebhookUrl, db);
  // The embedded simulator's decisions reach the app the way the provider's do: through the webhook receiver.
  if (config.upstream.kind === "embedded") onEmbeddedVerificationDecision(deliverInProcess);
  log.info(
    {
      environment: config.environment,
      upstream: config.upstream.kind,
      database: config.database.kind,
      tracing: config.tracing !== null,
      metrics: config.metricsToken !== undefined,
    },
    "back-office ready",
  );
}
