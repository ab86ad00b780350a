import "server-only";
import { mkdir } from "node:fs/promises";
import { env, type AppEnv } from "@/server/env";
import { observeDatabase } from "@/server/observability/database";
import { migrate } from "./migrate";
import * as schema from "./schema";
import type { Db } from "./types";
import { countWrites } from "./write-generation";

type Handle = { db: Db; close: () => Promise<void> };

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: AppEnv["database"]): Promise<Handle> {
  let handle: Handle;
  if (config.kind === "postgres") {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({ connectionString: config.url, max: 10 });
    handle = { db: drizzle(pool, { schema }), close: () => pool.end() };
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    if (config.dir) await mkdir(config.dir, { recursive: true });
    const client = config.dir ? new PGlite(config.dir) : new PGlite();
    countWrites(client);
    handle = { db: drizzle(client, { schema }), close: () => client.close() };
  }
  observeDatabase(handle.db);
  await migrate(handle.db);
  return handle;
}

const globalForDb = globalThis as unknown as { __db?: Promise<Handle> };

/** The process-wide database, opened and migrated on first use (demo accounts are server/startup.ts's job). */
export function db(): Promise<Db> {
  if (!globalForDb.__db) {
    globalForDb.__db = openDatabase(env().database);
    // A failed open is not cached: the next request tries again and reports the error again.
    globalForDb.__db.catch(() => {
      globalForDb.__db = undefined;
    });
  }
  return globalForDb.__db.then((h) => h.db);
}

/** Closes the process-wide database, if it was opened (at shutdown, after the requests in flight). */
export async function closeDatabase(): Promise<void> {
  const opened = globalForDb.__db;
  globalForDb.__db = undefined;
  if (opened) await (await opened).close();
}
