import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "./e2e/support/chromium";
import { APP_LOG, APP_PORT, SIMULATOR_LOG, SIMULATOR_PORT, appEnv, simulatorWebhookEnv } from "./e2e/support/servers";
import { IDP_ISSUER } from "./e2e/support/servers-idp";

const chromium = testBrowserPath();

// TEST_DATABASE=postgres: the app uses the PostgreSQL database in DATABASE_URL (`npm run test:e2e:postgres`
// creates a fresh one and drops it after); otherwise an in-memory PGlite.
const postgresUrl = process.env.TEST_DATABASE === "postgres" ? process.env.DATABASE_URL : undefined;
if (process.env.TEST_DATABASE === "postgres" && !postgresUrl?.startsWith("postgres")) {
  throw new Error(
    "TEST_DATABASE=postgres needs DATABASE_URL=postgres://…: run `npm run test:e2e:postgres`, which creates a fresh database",
  );
}
// Longer than any pause between two calls of a spec's request context: with Node's 5 s default the
// server could close an idle kept-alive socket just as the context sent on it (ECONNRESET on a loaded run).
const KEEP_ALIVE_MS = 65_000;

// The PostgreSQL pass right after the PGlite pass serves the build that pass just made.
const build = process.env.E2E_REUSE_BUILD === "1" && existsSync(".next/BUILD_ID") ? "true" : "npm run build";

export default defineConfig({
  testDir: "./e2e",
  // Anchored on "e2e/": a bare "bench/**" glob also matched a checkout that sits under a "bench" folder.
  testIgnore: [/e2e\/bench\//, /e2e\/multi-instance\//],
  // Fails the run if any server output of the whole suite holds a test BVN.
  globalTeardown: "./e2e/compliance/log-scan.teardown.ts",
  fullyParallel: false,
  workers: 1,
  // On CI one more try, so a spec that lost a race with a loaded machine (three lanes on two cores)
  // does not sink the run; the report lists it as flaky. A failure that repeats still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    // Recording a trace (a screencast and DOM snapshots of every step) cost the suite about a quarter
    // of its CPU, spent on every test to keep the few that fail: on CI the retry of a failed test
    // records one instead; a run without retries keeps the trace of each failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `mkdir -p .data && npm run simulator 2>&1 | tee ${SIMULATOR_LOG}`,
      url: `http://127.0.0.1:${SIMULATOR_PORT}/__sim/health`,
      env: { SIMULATOR_PORT: String(SIMULATOR_PORT), SIMULATOR_VERIFICATION_DELAY_MS: "3000", ...simulatorWebhookEnv() },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The test identity provider (single sign-on), up before the app reads its discovery document.
      command: "npx tsx e2e/support/idp.ts",
      url: `${IDP_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The production build: what staff will run, and fast once built.
      command: `mkdir -p .data && (${build} && npx next start -p ${APP_PORT} --keepAliveTimeout ${KEEP_ALIVE_MS}) 2>&1 | tee ${APP_LOG}`,
      url: `http://localhost:${APP_PORT}/api/health`,
      env: { ...appEnv(), LOG_LEVEL: "info", ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}) },
      reuseExistingServer: false,
      timeout: 600_000,
      // The server's lines go to APP_LOG (the tee above), where the log scan and a person debugging read
      // them; echoing every access-log line through Playwright cost each lane CPU and buried failures.
      stdout: "ignore",
    },
  ],
});
