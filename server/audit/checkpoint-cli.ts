import { mkdir } from "node:fs/promises";
import { openDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { loadSigningKey } from "./checkpoint-key";
import { writeCheckpoint } from "./checkpoint-writer";

/**
 * `npm run audit:checkpoint`: signs a checkpoint of the trail now (outside the app's schedule), with
 * the app's own AUDIT_SIGNING_KEY_FILE, AUDIT_CHECKPOINT_DIR and DATABASE_URL. Safe beside running
 * instances: they and this share the lock and the file name.
 */
async function main(): Promise<number> {
  const config = env().auditCheckpoints;
  if (!config) {
    console.error("Set AUDIT_SIGNING_KEY_FILE and AUDIT_CHECKPOINT_DIR to write checkpoints.");
    return 2;
  }
  const { privateKey } = loadSigningKey(config.keyFile);
  await mkdir(config.dir, { recursive: true });
  const handle = await openDatabase(env().database);
  try {
    const outcome = await writeCheckpoint({ db: handle.db, dir: config.dir, privateKey });
    if (outcome.written) console.log(`Checkpoint ${outcome.file}: ${outcome.size} entries, head ${outcome.headHash}.`);
    else if (outcome.reason === "empty") console.log("The audit trail is empty: nothing to sign.");
    else if (outcome.reason === "busy") console.log("Another instance is writing a checkpoint right now; try again in a moment.");
    else console.log(`The trail (${outcome.size} entries) is already checkpointed.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
