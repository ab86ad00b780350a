import "server-only";
import { createPublicKey } from "node:crypto";
import type { CheckpointStatus } from "@/lib/contracts/audit";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { checkpointFileSize, checkpointTime, readLatestCheckpointFile } from "./checkpoint-files";
import { loadSigningKey } from "./checkpoint-key";
import { describeVerdict, verifyTrail } from "./trail-verify";

/**
 * The audit page's line on checkpoints: the latest file in the directory, checked with the public
 * half of the app's own key, and the trail walked against it, as `npm run audit:verify` would
 * (an auditor runs that against every checkpoint, with the public key they were given).
 */
export async function checkpointStatus({ db }: { db: Db }): Promise<CheckpointStatus> {
  const config = env().auditCheckpoints;
  if (!config) return { state: "not_configured" };
  const latest = await readLatestCheckpointFile(config.dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!latest) return { state: "none" };
  const publicKey = createPublicKey(loadSigningKey(config.keyFile).privateKey);
  const verdict = await verifyTrail({ db, files: [latest], publicKey });
  const signedAt = checkpointTime(latest.text);
  const size = checkpointFileSize(latest.name);
  return {
    state: "checked",
    latest: signedAt && size !== null ? { file: latest.name, size, signedAt: signedAt.toISOString() } : null,
    ok: verdict.ok,
    summary: describeVerdict(verdict),
  };
}
