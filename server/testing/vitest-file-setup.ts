import { inject } from "vitest";
import { createDatabase, databaseName } from "@/e2e/support/postgres";

/**
 * Runs before each test file. Against PostgreSQL, the file's process-wide database (DATABASE_URL,
 * `memory:` under PGlite) is a fresh database of its own, as an in-memory PGlite is per file.
 */
const adminUrl = inject("postgresAdminUrl");
if (adminUrl) {
  // eslint-disable-next-line no-restricted-properties -- sets what server/env.ts then reads
  process.env.DATABASE_URL = await createDatabase(adminUrl, databaseName(inject("postgresPrefix")), inject("postgresTemplate"));
}

// Under PGlite, each in-memory database starts as a copy of the run's migrated template.
const template = inject("pgliteTemplate");
// eslint-disable-next-line no-restricted-properties -- sets what server/db/client.ts then reads
if (template) process.env.PGLITE_TEMPLATE_FILE = template;
