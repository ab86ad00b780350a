import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "@/e2e/support/chromium";
import { WEBHOOK_SECRET, appEnv } from "@/e2e/support/servers";
import { BALANCER_PORT, BALANCER_URL, INSTANCE_PORTS, MULTI_SIMULATOR_PORT } from "./servers";

// Two instances on one PostgreSQL: `npm run test:e2e:multi` creates the database (and drops it after).
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith("postgres")) {
  throw new Error(
    "The multi-instance project needs DATABASE_URL=postgres://…: run `npm run test:e2e:multi`, which creates a fresh database",
  );
}
const chromium = testBrowserPath();
// One build for both instances; E2E_REUSE_BUILD=1 serves the one the main suite just made.
const build = process.env.E2E_REUSE_BUILD === "1" && existsSync(".next/BUILD_ID") ? "true" : "npm run build";
// No IdP runs here (single sign-on is proven by the main suite); next-auth's own URLs name the balancer.
const { OIDC_ISSUER: _issuer, OIDC_CLIENT_ID: _client, OIDC_CLIENT_SECRET: _secret, OIDC_NAME: _name, ...passwordOnlyEnv } = appEnv();
const instanceEnv = { ...passwordOnlyEnv, NEXTAUTH_URL: BALANCER_URL, DATABASE_URL: databaseUrl, LOG_LEVEL: "info" };

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  // Paths in the teardown are relative to the project root, where npm runs.
  globalTeardown: "./log-scan.teardown.ts",
  fullyParallel: false,
  workers: 1,
  // On CI one more try, so a spec that lost a race with a loaded machine (three lanes on two cores)
  // does not sink the run; the report lists it as flaky. A failure that repeats still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../../test-results/multi-instance",
  use: {
    baseURL: BALANCER_URL,
    // Recording a trace (a screencast and DOM snapshots of every step) cost the suite about a quarter
    // of its CPU, spent on every test to keep the few that fail: on CI the retry of a failed test
    // records one instead; a run without retries keeps the trace of each failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: "mkdir -p .data && npm run simulator 2>&1 | tee .data/e2e-multi-simulator.log",
      cwd: "../..",
      url: `http://127.0.0.1:${MULTI_SIMULATOR_PORT}/__sim/health`,
      env: {
        SIMULATOR_PORT: String(MULTI_SIMULATOR_PORT),
        SIMULATOR_VERIFICATION_DELAY_MS: "3000",
        SIMULATOR_WEBHOOK_URL: `${BALANCER_URL}/api/webhooks/card-verification`,
        SIMULATOR_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // Built once, before either instance starts; the second instance waits for the first's build.
      command: `mkdir -p .data && (${build} && npx next start -p ${INSTANCE_PORTS[0]} --keepAliveTimeout 65000) 2>&1 | tee .data/e2e-multi-app-1.log`,
      cwd: "../..",
      url: `http://127.0.0.1:${INSTANCE_PORTS[0]}/api/health`,
      env: instanceEnv,
      reuseExistingServer: false,
      timeout: 600_000,
    },
    {
      command: `npx next start -p ${INSTANCE_PORTS[1]} --keepAliveTimeout 65000 2>&1 | tee .data/e2e-multi-app-2.log`,
      cwd: "../..",
      url: `http://127.0.0.1:${INSTANCE_PORTS[1]}/api/health`,
      env: instanceEnv,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `npx tsx e2e/support/balancer.ts ${BALANCER_PORT} ${INSTANCE_PORTS.join(" ")}`,
      cwd: "../..",
      url: `http://127.0.0.1:${BALANCER_PORT}/__balancer/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
