import "server-only";
import { mkdir } from "node:fs/promises";
import { type AppEnv, EnvError } from "@/server/env";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { loadSigningKey } from "./checkpoint-key";
import { writeCheckpoint } from "./checkpoint-writer";

const TICK_MS = 60_000;

/**
 * Every instance ticks each minute; the first tick of each period (by the database's clock, which
 * every instance shares, not by the instance's own or by when it started) writes the checkpoint and
 * the others find it done. A failed tick (database or mount away) is logged and the next one tries
 * again: the checkpoint is late, never forged.
 * The key is read and the folder made now: a bad key or an unwritable folder stops the start (an
 * EnvError naming the variable) rather than failing quietly an hour later.
 */
export async function startCheckpointSchedule(
  config: NonNullable<AppEnv["auditCheckpoints"]>,
  database: () => Promise<Db>,
): Promise<() => void> {
  const { privateKey } = loadSigningKey(config.keyFile);
  await mkdir(config.dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new EnvError(`AUDIT_CHECKPOINT_DIR cannot be created: ${error.code ?? String(error)}`);
  });
  let running = false;
  // A failed tick (a connection that timed out on a busy host) is tried again a minute later and the
  // checkpoint is only late: a warning. Failing for a whole period, a checkpoint is missing: an error,
  // for whoever is paged on errors. Measured on this process's monotonic clock: it only grades a log line.
  let failingSince: number | null = null;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await writeCheckpoint({ db: await database(), dir: config.dir, privateKey, periodMinutes: config.minutes });
      failingSince = null;
      if (outcome.written) log.info({ file: outcome.file, size: outcome.size }, "audit checkpoint written");
    } catch (error) {
      failingSince ??= performance.now();
      const failingMinutes = (performance.now() - failingSince) / 60_000;
      if (failingMinutes >= config.minutes)
        log.error(
          { err: error, failingMinutes: Math.floor(failingMinutes) },
          "audit checkpoints have failed for a whole period; one is missing",
        );
      else log.warn({ err: error }, "audit checkpoint failed; the next tick tries again");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
