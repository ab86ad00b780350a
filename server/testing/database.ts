import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase, databaseName } from "@/e2e/support/postgres";
import { openDatabase } from "@/server/db/client";
import type { Db } from "@/server/db/types";

/**
 * Gives the test file a database of its own (migrated, closed after the file), for tests that
 * count rows or alter them directly and so must not share the process-wide one: in memory under
 * PGlite, a fresh database under TEST_DATABASE=postgres.
 */
export function withFreshDatabase(onOpen: (db: Db) => void): void {
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  beforeAll(async () => {
    handle = await openDatabase(await migratedDatabaseConfig());
    onOpen(handle.db);
  });
  afterAll(() => handle?.close());
}

/** A new database already migrated (a copy of the run's template), on the run's kind of database. */
async function migratedDatabaseConfig(): Promise<Parameters<typeof openDatabase>[0]> {
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl) return { kind: "pglite", dir: null };
  return { kind: "postgres", url: await createDatabase(adminUrl, databaseName(inject("postgresPrefix")), inject("postgresTemplate")) };
}

/** An empty database's configuration (for the migrations' own tests): a new PostgreSQL database when the run is against PostgreSQL. */
export async function freshDatabaseConfig(): Promise<Parameters<typeof openDatabase>[0]> {
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl) return { kind: "pglite", dir: null };
  return { kind: "postgres", url: await createDatabase(adminUrl, databaseName(inject("postgresPrefix"))) };
}

/** True when this run is against PostgreSQL (TEST_DATABASE=postgres). */
export function againstPostgres(): boolean {
  return inject("postgresAdminUrl") !== "";
}
