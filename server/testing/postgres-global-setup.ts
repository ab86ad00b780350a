import type { TestProject } from "vitest/node";
import { dropDatabases, postgresServer, runPrefix } from "@/e2e/support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server's admin URL when TEST_DATABASE=postgres, else "". */
    postgresAdminUrl: string;
    /** Every database this run creates starts with it, so the run can drop all of its own. */
    postgresPrefix: string;
  }
}

/**
 * With TEST_DATABASE=postgres, finds or starts the PostgreSQL server once for the whole run; each
 * test file then gets a database of its own (server/testing/postgres-setup.ts).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // eslint-disable-next-line no-restricted-properties -- the test runner's own switch, not app configuration
  if (process.env.TEST_DATABASE !== "postgres") {
    project.provide("postgresAdminUrl", "");
    project.provide("postgresPrefix", "");
    return;
  }
  const server = await postgresServer();
  const prefix = runPrefix();
  project.provide("postgresAdminUrl", server.adminUrl);
  project.provide("postgresPrefix", prefix);
  return async () => {
    try {
      await dropDatabases(server.adminUrl, prefix);
    } finally {
      await server.stop();
    }
  };
}
