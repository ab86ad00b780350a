import { describe, expect, it } from "vitest";
import { configuredLogLevel, EnvError, LOG_LEVELS, parseEnv } from "./env";

/** A real payments API with its credentials, nothing else: the configuration the operations audit found. */
const realApi = {
  BUSINESS_API_BASE_URL: "https://api.payments.example.com/api/v1",
  BUSINESS_ID: "biz_live",
  BUSINESS_SECRET_KEY: "sk_live_0123456789",
};
const SECRET = "s".repeat(32);
const POSTGRES = "postgres://app:pw@db:5432/backoffice";

function refusal(source: Record<string, string | undefined>, use?: "server" | "command"): string {
  try {
    parseEnv(source, use);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("LOG_LEVEL", () => {
  it("is refused naming the variable and every allowed level, not with pino's message", () => {
    const message = refusal({ LOG_LEVEL: "verbose" });
    expect(message).toContain("LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent");
    expect(() => configuredLogLevel({ LOG_LEVEL: "verbose" })).toThrow(EnvError);
    expect(() => configuredLogLevel({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of trace, debug, info/);
  });

  it("takes each of pino's levels, in any case, and defaults to info (warn under a test runner)", () => {
    for (const level of LOG_LEVELS) expect(parseEnv({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(parseEnv({ LOG_LEVEL: " DEBUG " }).logLevel).toBe("debug");
    expect(parseEnv({}).logLevel).toBe("info");
    expect(parseEnv({ LOG_LEVEL: "" }).logLevel).toBe("info");
    expect(configuredLogLevel({ NODE_ENV: "test" })).toBe("warn");
    expect(configuredLogLevel({ NODE_ENV: "production" })).toBe("info");
  });

  it("is read alone by configuredLogLevel: another bad variable does not stop the logger", () => {
    expect(configuredLogLevel({ LOG_LEVEL: "error", BUSINESS_API_TIMEOUT_MS: "soon" })).toBe("error");
  });
});

describe("the demo accounts", () => {
  it("exist with the embedded simulator, as `npm run dev` with nothing configured has them", () => {
    expect(parseEnv({}).demoAccounts).toBe(true);
    expect(parseEnv({ DATABASE_URL: POSTGRES, AUTH_SECRET: SECRET }).demoAccounts).toBe(true);
  });

  it("do not exist against another payments API, whatever BUSINESS_API_ENVIRONMENT says", () => {
    expect(parseEnv({ ...realApi, AUTH_SECRET: SECRET }).demoAccounts).toBe(false);
    expect(parseEnv({ ...realApi, AUTH_SECRET: SECRET, BUSINESS_API_ENVIRONMENT: "sandbox" }).demoAccounts).toBe(false);
  });

  it("are turned on for a simulator on this machine only with DEMO_ACCOUNTS=true (the end-to-end suites, the bench)", () => {
    const simulator = { ...realApi, BUSINESS_API_BASE_URL: "http://127.0.0.1:4110/api/v1", AUTH_SECRET: SECRET };
    expect(parseEnv(simulator).demoAccounts).toBe(false);
    expect(parseEnv({ ...simulator, DEMO_ACCOUNTS: "true" }).demoAccounts).toBe(true);
    expect(parseEnv({ ...simulator, BUSINESS_API_BASE_URL: "http://localhost:4010/api/v1", DEMO_ACCOUNTS: "true" }).demoAccounts).toBe(
      true,
    );
    expect(parseEnv({ DEMO_ACCOUNTS: "false" }).demoAccounts).toBe(false);
  });

  it("refuse DEMO_ACCOUNTS=true against another payments API or in production, saying why", () => {
    expect(refusal({ ...realApi, AUTH_SECRET: SECRET, DEMO_ACCOUNTS: "true" })).toMatch(
      /DEMO_ACCOUNTS can only be true with the embedded simulator or a simulator on this machine .*anyone who knows DEMO_PASSWORD would sign in as an administrator/,
    );
    expect(
      refusal({
        ...realApi,
        BUSINESS_API_ENVIRONMENT: "production",
        AUTH_SECRET: SECRET,
        DATABASE_URL: POSTGRES,
        NEXTAUTH_URL: "https://backoffice.example.com",
        DEMO_ACCOUNTS: "true",
      }),
    ).toMatch(/DEMO_ACCOUNTS cannot be true in production/);
    expect(refusal({ DEMO_ACCOUNTS: "yes" })).toMatch(/DEMO_ACCOUNTS must be true or false/);
  });
});

describe("AUTH_SECRET", () => {
  it("is not needed with nothing configured (`npm install && npm run dev`): one process on the embedded simulator and database", () => {
    expect(parseEnv({}).authSecret).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: "pglite:.data/other" }).authSecret).toBeUndefined();
  });

  it("is required against another payments API, even with BUSINESS_API_ENVIRONMENT unset", () => {
    expect(refusal(realApi)).toMatch(
      /AUTH_SECRET is required with BUSINESS_API_BASE_URL set: a generated secret .* is only for the embedded simulator/,
    );
  });

  it("is required with PostgreSQL, where several instances must open each other's sessions", () => {
    expect(refusal({ DATABASE_URL: POSTGRES })).toMatch(
      /AUTH_SECRET is required with a PostgreSQL DATABASE_URL: every instance on that database must open the sessions the others made/,
    );
  });

  it("is not asked of a command line tool outside production (the auditor's verify reads DATABASE_URL only)", () => {
    expect(parseEnv({ DATABASE_URL: POSTGRES }, "command").database).toEqual({ kind: "postgres", url: POSTGRES });
    expect(parseEnv(realApi, "command").upstream).toMatchObject({ kind: "http" });
    expect(refusal({ ...realApi, BUSINESS_API_ENVIRONMENT: "production", DATABASE_URL: POSTGRES }, "command")).toMatch(
      /AUTH_SECRET is required in production/,
    );
  });
});

describe("production", () => {
  const production = {
    ...realApi,
    BUSINESS_API_ENVIRONMENT: "production",
    AUTH_SECRET: SECRET,
    NEXTAUTH_URL: "https://backoffice.example.com",
  };

  it("requires a PostgreSQL DATABASE_URL, saying why", () => {
    for (const database of [{}, { DATABASE_URL: "pglite:/var/lib/backoffice" }, { DATABASE_URL: "memory:" }]) {
      expect(refusal({ ...production, ...database }), JSON.stringify(database)).toMatch(
        /DATABASE_URL must be a postgres:\/\/… URL in production: the embedded PGlite keeps the sessions/,
      );
    }
    expect(parseEnv({ ...production, DATABASE_URL: POSTGRES })).toMatchObject({
      environment: "production",
      database: { kind: "postgres" },
      demoAccounts: false,
    });
  });
});
