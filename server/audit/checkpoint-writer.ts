import "server-only";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import { ADVISORY_LOCKS } from "@/server/db/advisory-locks";
import { rows } from "@/server/db/migrate";
import type { Db } from "@/server/db/types";
import { checkpointFileName, checkpointTime, readLatestCheckpointFile } from "./checkpoint-files";
import { CHECKPOINT_ORIGIN, signCheckpoint } from "./signed-note";

export type CheckpointOutcome =
  | { written: true; file: string; size: number; headHash: string }
  | { written: false; reason: "busy" | "empty" | "unchanged" | "period_done"; size?: number };

type Input = {
  db: Db;
  dir: string;
  privateKey: KeyObject;
  /** The scheduler's period: a checkpoint already signed in the current period means nothing to do. Unset (the CLI): always, unless unchanged. */
  periodMinutes?: number;
};

/**
 * Signs the trail's current size and head into a new file in `dir`. Instances race on a try-lock
 * (the loser has nothing to do: the winner is writing this period's checkpoint), then on the file
 * name (a function of the size) with an exclusive create, so each checkpoint exists once.
 * Appends are not blocked meanwhile: the size and head come from one statement's snapshot, and
 * appends commit in id order under their own lock, so that pair is always a real prefix.
 *
 * The time that decides the period and is signed into the note is the database's, read under the
 * lock: instances' own clocks differ, and by them one instance's period is another's next (a
 * checkpoint each tick, and times that go backwards). `clock_timestamp()`, not `now()`: `now()`
 * is the transaction's start, which may precede the commit of a checkpoint signed by another
 * instance that took the lock first. Under the lock each writer reads it after the last one wrote.
 */
export async function writeCheckpoint({ db, dir, privateKey, periodMinutes }: Input): Promise<CheckpointOutcome> {
  return db.transaction(async (tx) => {
    const [lock] = rows<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${ADVISORY_LOCKS.auditCheckpoint}) AS locked`),
    );
    if (!lock?.locked) return { written: false, reason: "busy" };
    const [head] = rows<{ size: string | number; hash: string | null; ms: string | number }>(
      await tx.execute(
        sql`SELECT count(*) AS size, (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS hash,
              (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms
            FROM audit_log`,
      ),
    );
    const size = Number(head?.size ?? 0);
    if (size === 0 || !head?.hash) return { written: false, reason: "empty", size: 0 };
    const now = new Date(Number(head.ms));
    if (Number.isNaN(now.getTime())) throw new Error("The database did not answer its time.");
    const latest = await readLatestCheckpointFile(dir);
    if (latest?.name === checkpointFileName(size)) return { written: false, reason: "unchanged", size };
    if (periodMinutes && latest) {
      const at = checkpointTime(latest.text);
      const period = periodMinutes * 60_000;
      // A checkpoint signed in this period or a later one (by a clock that ran ahead) leaves this period done.
      if (at && Math.floor(at.getTime() / period) >= Math.floor(now.getTime() / period))
        return { written: false, reason: "period_done", size };
    }
    const note = signCheckpoint({ origin: CHECKPOINT_ORIGIN, size, headHash: head.hash, signedAt: now }, privateKey);
    const file = checkpointFileName(size);
    try {
      await writeFile(path.join(dir, file), note, { flag: "wx", mode: 0o444 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return { written: false, reason: "unchanged", size };
      throw error;
    }
    return { written: true, file, size, headHash: head.hash };
  });
}
