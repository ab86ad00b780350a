import "server-only";
import type { AppEnv } from "@/server/env";
import * as schema from "@/server/db/schema";
import type { Db } from "@/server/db/types";

/**
 * The database without migrating it: the verifier must work with an auditor's read-only role and
 * must not change what it is checking. PostgreSQL sessions are set read-only as well.
 */
export async function openReadOnly(config: AppEnv["database"]): Promise<{ db: Db; close: () => Promise<void> }> {
  if (config.kind === "postgres") {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: config.url, max: 1, options: "-c default_transaction_read_only=on" });
    return { db: drizzle(pool, { schema }), close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = config.dir ? new PGlite(config.dir) : new PGlite();
  return { db: drizzle(client, { schema }), close: () => client.close() };
}
