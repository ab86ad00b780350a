import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { againstPostgres, freshDatabaseConfig } from "@/server/testing/database";
import { ADVISORY_LOCKS } from "./advisory-locks";
import { openDatabase } from "./client";
import { rows } from "./migrate";

const QUERY_TIMEOUT_MS = 300;

/** The message of an error or of the first of its causes that says it timed out (Drizzle wraps the driver's). */
function timedOut(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message.startsWith("Query read timeout")) return true;
    current = current.cause;
  }
  return false;
}

// Several instances on one database is a PostgreSQL deployment; PGlite is one process's own.
describe.skipIf(!againstPostgres())("an instance starting while another holds the migrations' lock", () => {
  it("waits for the lock longer than a request's query timeout, and its requests keep that timeout", async () => {
    const config = await freshDatabaseConfig();
    if (config.kind !== "postgres") throw new Error("expected a PostgreSQL database");
    // Another instance applying a long migration: it holds the lock for longer than a request may take.
    const other = new pg.Client({ connectionString: config.url });
    await other.connect();
    await other.query("BEGIN");
    await other.query("SELECT pg_advisory_xact_lock($1)", [ADVISORY_LOCKS.migrations]);
    const opening = openDatabase(config, { queryMs: QUERY_TIMEOUT_MS });
    const outcome = opening.then(
      () => "opened",
      (error: unknown) => (timedOut(error) ? "failed: Query read timeout" : `failed: ${String(error)}`),
    );
    try {
      await sleep(QUERY_TIMEOUT_MS * 4);
    } finally {
      await other.query("COMMIT");
      await other.end();
    }
    expect(await outcome).toBe("opened");

    const handle = await opening;
    try {
      const applied = rows<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM schema_migrations`));
      expect(applied[0]?.n).toBeGreaterThan(0);
      // A request's statement is still bounded: a server that stops answering fails it, not the request forever.
      const slow = await handle.db.execute(sql`SELECT pg_sleep(${(QUERY_TIMEOUT_MS * 3) / 1000})`).then(
        () => null,
        (error: unknown) => error,
      );
      expect(timedOut(slow)).toBe(true);
    } finally {
      await handle.close();
    }
  }, 30_000);
});
