/**
 * Runs a command with PostgreSQL at hand, then cleans up whatever the command's outcome:
 *
 *   tsx e2e/support/postgres-run.ts <command…>           a fresh database for the command:
 *       DATABASE_URL=<it>, TEST_DATABASE=postgres, TEST_DATABASE_URL=<the server>
 *   tsx e2e/support/postgres-run.ts --server <command…>  only TEST_DATABASE_URL=<the server>, so that
 *       every PostgreSQL pass inside the command shares one server (one throw-away cluster per CI run)
 */
import { spawn } from "node:child_process";
import { createDatabase, dropDatabases, postgresServer, runPrefix } from "./postgres";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const serverOnly = args[0] === "--server";
  const command = serverOnly ? args.slice(1) : args;
  if (command.length === 0) {
    console.error("usage: postgres-run.ts [--server] <command…>");
    return 2;
  }
  // Handled rather than fatal, so that an interrupt still runs the clean-up below.
  let child: ReturnType<typeof spawn> | undefined;
  let stopping = false;
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    child?.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const server = await postgresServer();
  const prefix = runPrefix();
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATABASE_URL: server.adminUrl };
  try {
    if (!serverOnly) {
      env.DATABASE_URL = await createDatabase(server.adminUrl, `${prefix}_e2e`);
      env.TEST_DATABASE = "postgres";
    }
    if (stopping) return 130;
    console.log(`PostgreSQL: ${server.kind === "cluster" ? "throw-away cluster" : "running server"} at ${redact(server.adminUrl)}`);
    return await new Promise<number>((resolve) => {
      child = spawn(command[0]!, command.slice(1), { stdio: "inherit", env, shell: process.platform === "win32" });
      child.on("error", (error) => {
        console.error(error.message);
        resolve(127);
      });
      child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
    });
  } finally {
    if (!serverOnly)
      await dropDatabases(server.adminUrl, prefix).catch((error) => console.error(`dropping test databases: ${String(error)}`));
    await server.stop();
  }
}

function redact(url: string): string {
  const u = new URL(url);
  u.password = u.password ? "***" : "";
  return u.toString();
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
