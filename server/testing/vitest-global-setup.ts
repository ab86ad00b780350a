import type { TestProject } from "vitest/node";
import { createDatabase, dropDatabases, postgresServer, runPrefix } from "@/e2e/support/postgres";
import { openDatabase } from "@/server/db/client";
import { writePgliteTemplate } from "./pglite-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server's admin URL when TEST_DATABASE=postgres, else "". */
    postgresAdminUrl: string;
    /** Every database this run creates starts with it, so the run can drop all of its own. */
    postgresPrefix: string;
    /** Under PGlite, the file holding a migrated database that each test file's copies (server/testing/pglite-template.ts). */
    pgliteTemplate: string;
    /** Against PostgreSQL, the migrated database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Once per run. With TEST_DATABASE=postgres, finds or starts the PostgreSQL server and migrates a
 * template database; each test file then gets a copy of its own (server/testing/vitest-file-setup.ts).
 * Under PGlite, writes the migrated in-memory database each file's starts from.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // eslint-disable-next-line no-restricted-properties -- the test runner's own switch, not app configuration
  if (process.env.TEST_DATABASE !== "postgres") {
    const template = await writePgliteTemplate();
    project.provide("postgresAdminUrl", "");
    project.provide("postgresPrefix", "");
    project.provide("pgliteTemplate", template.file);
    project.provide("postgresTemplate", "");
    return template.remove;
  }
  project.provide("pgliteTemplate", "");
  const server = await postgresServer();
  const prefix = runPrefix();
  project.provide("postgresAdminUrl", server.adminUrl);
  project.provide("postgresPrefix", prefix);
  project.provide("postgresTemplate", await migratedTemplate(server.adminUrl, `${prefix}_template`));
  return async () => {
    try {
      await dropDatabases(server.adminUrl, prefix);
    } finally {
      await server.stop();
    }
  };
}

/** A database migrated once, closed again so that PostgreSQL may copy it for each test file. */
async function migratedTemplate(adminUrl: string, name: string): Promise<string> {
  const handle = await openDatabase({ kind: "postgres", url: await createDatabase(adminUrl, name) });
  await handle.close();
  return name;
}
