import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { env } from "@/server/env";
import { readCheckpointFiles } from "./checkpoint-files";
import { ed25519PublicKey } from "./signed-note";
import { openReadOnly } from "./read-only-database";
import { describeVerdict, verifyTrail } from "./trail-verify";

const USAGE =
  "usage: npm run audit:verify -- --dir <checkpoint directory> --public-key <Ed25519 public key, PEM file>  (reads DATABASE_URL)";

/**
 * `npm run audit:verify`: the auditor's command. It reads the trail straight from the database
 * (nothing is written, no app needs to run) and the checkpoints from their directory, and prints one
 * line. Exit 0: intact and matching every checkpoint; 1: it does not (the line says where); 2: usage.
 */
async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { dir: { type: "string" }, "public-key": { type: "string" } }, strict: true }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!args.dir || !args["public-key"]) {
    console.error(USAGE);
    return 2;
  }
  const publicKey = ed25519PublicKey(readFileSync(args["public-key"], "utf8"));
  const files = await readCheckpointFiles(args.dir);
  if (files.length === 0) {
    console.error(`FAILED: no checkpoint files (checkpoint-<size>.txt) in ${args.dir}`);
    return 1;
  }
  const database = env().database;
  const handle = await openReadOnly(database);
  try {
    const verdict = await verifyTrail({ db: handle.db, files, publicKey });
    (verdict.ok ? console.log : console.error)(describeVerdict(verdict));
    return verdict.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
