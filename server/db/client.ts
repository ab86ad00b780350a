import "server-only";
import { mkdir, readFile } from "node:fs/promises";
import type { Pool } from "pg";
import { env, type AppEnv } from "@/server/env";
import { log } from "@/server/log";
import { observeDatabase } from "@/server/observability/database";
import { migrate } from "./migrate";
import * as schema from "./schema";
import type { Db } from "./types";
import { countWrites } from "./write-generation";

/** How long a request waits for a database connection (new or from the pool) before it answers 503. */
export const DB_CONNECT_TIMEOUT_MS = 1_500;

/** The longest statement any request runs; longer means the server stopped answering. */
export const DB_QUERY_TIMEOUT_MS = 30_000;

/**
 * The longest the migrations may take, waiting for their advisory lock included: an instance that
 * starts while another applies a long migration waits for it (a request's 30 s would fail the start
 * with "Query read timeout"), yet a server that stopped answering still ends the start in the end.
 */
export const DB_MIGRATION_TIMEOUT_MS = 10 * 60_000;

type Handle = { db: Db; close: () => Promise<void> };

/** The statement bounds of a PostgreSQL database (tests shorten them; the app keeps the defaults). */
export type DatabaseTimeouts = { queryMs?: number; migrationMs?: number };

/**
 * Opens the configured database and applies pending migrations. On PostgreSQL the migrations run on
 * a connection of their own, bounded by `migrationMs` rather than the requests' `queryMs`, closed
 * once they are applied.
 */
export async function openDatabase(config: AppEnv["database"], timeouts: DatabaseTimeouts = {}): Promise<Handle> {
  if (config.kind === "postgres") return openPostgres(config.url, timeouts);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (config.dir) await mkdir(config.dir, { recursive: true });
  const template = config.dir ? undefined : await memoryTemplate();
  const client = config.dir ? new PGlite(config.dir) : new PGlite(template ? { loadDataDir: template } : undefined);
  countWrites(client);
  const handle = { db: drizzle(client, { schema }), close: () => client.close() };
  observeDatabase(handle.db);
  // One connection, no statement timeout: nothing else waits on it yet.
  await migrate(handle.db);
  return handle;
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // A server that stops answering mid-query (frozen, cut off) fails the request's query instead of holding the request.
  const pool = postgresPool(Pool, url, { max: 10, queryTimeoutMs: timeouts.queryMs ?? DB_QUERY_TIMEOUT_MS });
  const migrations = postgresPool(Pool, url, { max: 1, queryTimeoutMs: timeouts.migrationMs ?? DB_MIGRATION_TIMEOUT_MS });
  try {
    await migrate(drizzle(migrations, { schema }));
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  } finally {
    await migrations.end().catch(() => undefined);
  }
  const handle = { db: drizzle(pool, { schema }), close: () => pool.end() };
  observeDatabase(handle.db);
  return handle;
}

function postgresPool(PoolClass: typeof Pool, url: string, { max, queryTimeoutMs }: { max: number; queryTimeoutMs: number }): Pool {
  const pool = new PoolClass({
    connectionString: url,
    max,
    // Bounds both a new connection and the wait for a free one: a lost server is a quick 503, never a hang.
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // An idle connection the server dropped (restart, fail-over) is discarded by the pool; unhandled, the event would end the process.
  pool.on("error", (error) =>
    log.warn({ code: (error as { code?: unknown }).code ?? error.name }, "database connection lost; the pool will open a new one"),
  );
  return pool;
}

/**
 * A migrated in-memory database to start from, written once per test run (server/testing/pglite-template.ts):
 * a new empty PGlite spends seconds in initdb and the migrations, a copy of the template a fraction of that.
 */
async function memoryTemplate(): Promise<Blob | undefined> {
  // eslint-disable-next-line no-restricted-properties -- the test runner's switch, not app configuration
  const file = process.env.PGLITE_TEMPLATE_FILE;
  return file ? new Blob([await readFile(file)]) : undefined;
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
