import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * TEST_DATABASE=postgres runs the suites that touch the database against PostgreSQL (a database per
 * test file, see server/testing/vitest-file-setup.ts); unset, against an in-memory PGlite per file.
 */
const againstPostgres = process.env.TEST_DATABASE === "postgres";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // `server-only` throws outside React Server Components; under test it guards nothing.
      "server-only": fileURLToPath(new URL("./server/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // The PostgreSQL pass leaves out what never opens a database: pure `lib/` and `components/`, the simulator.
    include: againstPostgres ? ["server/**/*.test.ts"] : ["{lib,server,components}/**/*.test.{ts,tsx}", "e2e/support/**/*.test.ts"],
    // The hostile-input corpus (2,339 cases, two thirds of this pass) is about what a route does with
    // its input before any database or upstream: PGlite runs the same PostgreSQL, so it runs once, there.
    exclude: againstPostgres ? ["server/simulator/**", "server/http/hostile-input/**", "**/node_modules/**"] : ["**/node_modules/**"],
    environment: "node",
    pool: "forks",
    // Vitest leaves one core to itself by default, which on a 2-core machine is half of it: the files
    // wait on PGlite's work or PostgreSQL's, not on Vitest's own thread.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    // On CI one more try for a test that lost a race with a loaded machine (the concurrency tests run
    // 20–45 requests at once); Vitest reports it as flaky. A failure that repeats still fails.
    retry: process.env.CI ? 1 : 0,
    globalSetup: ["./server/testing/vitest-global-setup.ts"],
    setupFiles: ["./server/testing/vitest-file-setup.ts"],
    // Unit and route tests run against the embedded simulator and an in-memory database.
    env: {
      DATABASE_URL: "memory:",
      BUSINESS_API_ENVIRONMENT: "sandbox",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "unit-test-auth-secret-0123456789abcdef",
    },
    hookTimeout: 60_000,
  },
});
