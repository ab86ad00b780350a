import { openDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { parseAddCommand } from "./staff-cli-args";
import { upsertStaff } from "./staff-repo";

/**
 * `npm run staff -- add <email> <role>`: provisions an account, reading the password from standard
 * input so it never appears in the shell history or the process list. This is how a production
 * deployment (which has no demo accounts) gets its first administrator.
 * With the embedded database, stop the server first: PGlite allows one process at a time.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseAddCommand(argv);
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const { email, role } = parsed;
  if (process.stdin.isTTY) console.error("Password (then Enter, then Ctrl-D):");
  const password = await readStdin();
  if (password.length < 12) {
    console.error("The password must be at least 12 characters.");
    return 2;
  }
  const handle = await openDatabase(env().database);
  try {
    const member = await upsertStaff(handle.db, { email, role, password });
    console.log(`Staff account ${member.email} is active with the role ${member.role}.`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
