import { describe, expect, it } from "vitest";
import { benchAppEnv } from "@/e2e/bench/servers";
import { parseEnv } from "@/server/env";
import { APP_PORT, SIMULATOR_URL, appEnv } from "./servers";
import { appOidcEnv } from "./servers-idp";

/** What a `next start` of the suites is given, read by the server's rules (what start-up would refuse, this refuses). */
const asServer = (vars: Record<string, string | undefined>) => parseEnv(vars, "server");
const POSTGRES = "postgres://postgres@127.0.0.1:5432/bo_e2e";

// Without the password form's single sign-on, as the multi-instance project and the standalone server run.
function passwordOnly(): Record<string, string> {
  const { OIDC_ISSUER: _issuer, OIDC_CLIENT_ID: _client, OIDC_CLIENT_SECRET: _secret, OIDC_NAME: _name, ...rest } = appEnv();
  return rest;
}

describe("the environments the end-to-end suites and the bench start the app with", () => {
  it("pass start-up's validation, with the demo accounts the specs sign in as", () => {
    const environments: Record<string, Record<string, string | undefined>> = {
      "playwright.config.ts (PGlite)": { ...appEnv(), LOG_LEVEL: "info" },
      "playwright.config.ts (PostgreSQL)": { ...appEnv(), LOG_LEVEL: "info", DATABASE_URL: POSTGRES },
      "startInstance()": { ...appEnv(), ...appOidcEnv(APP_PORT + 7), LOG_LEVEL: "info", NODE_ENV: "production" },
      "startInstance(), the shutdown specs' own database": { ...appEnv(), NODE_ENV: "production", DATABASE_URL: "pglite:/tmp/bo-x" },
      "e2e/multi-instance": { ...passwordOnly(), NEXTAUTH_URL: "http://localhost:3130", DATABASE_URL: POSTGRES, LOG_LEVEL: "info" },
      "standalone-server.spec.ts": { ...passwordOnly(), NODE_ENV: "production", NEXTAUTH_URL: "http://localhost:3999", LOG_LEVEL: "info" },
      bench: benchAppEnv("http://127.0.0.1:4010"),
      "bench (BENCH_DATABASE_URL)": benchAppEnv("http://127.0.0.1:4010", { DATABASE_URL: POSTGRES }),
    };
    for (const [name, vars] of Object.entries(environments)) {
      expect(() => asServer(vars), name).not.toThrow();
      expect(asServer(vars).demoAccounts, name).toBe(true);
    }
    expect(appEnv().BUSINESS_API_BASE_URL).toBe(`${SIMULATOR_URL}/api/v1`);
  });
});
