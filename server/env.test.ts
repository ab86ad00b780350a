import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with nothing configured: embedded simulator, embedded database, sandbox", () => {
    const env = parseEnv({});
    expect(env.upstream).toEqual({ kind: "embedded" });
    expect(env.environment).toBe("sandbox");
    expect(env.database).toEqual({ kind: "pglite", dir: ".data/pglite" });
    expect(env.timeoutMs).toBe(10_000);
    expect(env.demoPassword).toBe("demo");
    expect(env.listPaging).toBe("none");
  });

  it("requires credentials with a base URL, naming each variable", () => {
    expect(() => parseEnv({ BUSINESS_API_BASE_URL: "https://api.example.com/api/v1", AUTH_SECRET: "x".repeat(32) })).toThrow(
      /BUSINESS_ID[\s\S]*BUSINESS_SECRET_KEY/,
    );
  });

  it("names a malformed variable", () => {
    expect(() => parseEnv({ BUSINESS_API_TIMEOUT_MS: "soon" })).toThrow(/BUSINESS_API_TIMEOUT_MS/);
    expect(() => parseEnv({ BUSINESS_API_ENVIRONMENT: "staging" })).toThrow(/BUSINESS_API_ENVIRONMENT/);
    expect(() => parseEnv({ BUSINESS_API_BASE_URL: "ftp://x" })).toThrow(/BUSINESS_API_BASE_URL/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ BUSINESS_API_TIMEOUT_MS: "10" })).toThrow(EnvError);
    expect(() => parseEnv({ BUSINESS_API_LIST_PAGING: "cursor" })).toThrow(/BUSINESS_API_LIST_PAGING must be none or page-limit/);
    expect(parseEnv({ BUSINESS_API_LIST_PAGING: "page-limit" }).listPaging).toBe("page-limit");
  });

  it("serves no metrics and starts no tracing unless configured; names a bad METRICS_TOKEN or OTLP endpoint", () => {
    expect(parseEnv({})).toMatchObject({ metricsToken: undefined, tracing: null });
    expect(parseEnv({ METRICS_TOKEN: "scrape-token-0123456789", OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" })).toMatchObject({
      metricsToken: "scrape-token-0123456789",
      tracing: { endpoint: "http://collector:4318", serviceName: "payments-back-office" },
    });
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com", OTEL_SERVICE_NAME: "back-office-eu" }).tracing).toEqual({
      endpoint: "https://otel.example.com",
      serviceName: "back-office-eu",
    });
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => parseEnv({ METRICS_TOKEN: "a token with spaces inside" })).toThrow(/METRICS_TOKEN must be visible ASCII/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it("requires AUTH_SECRET, PostgreSQL and a real upstream in production", () => {
    expect(() => parseEnv({ BUSINESS_API_ENVIRONMENT: "production" })).toThrow(
      /AUTH_SECRET[\s\S]*DATABASE_URL[\s\S]*BUSINESS_API_BASE_URL/,
    );
  });

  it("accepts a full production configuration and strips the trailing slash", () => {
    const env = parseEnv({
      BUSINESS_API_BASE_URL: "https://api.example.com/api/v1/",
      BUSINESS_API_ENVIRONMENT: "production",
      BUSINESS_ID: "biz",
      BUSINESS_SECRET_KEY: "sk",
      AUTH_SECRET: "x".repeat(32),
      DATABASE_URL: "postgres://u:p@db:5432/app",
      NEXTAUTH_URL: "https://backoffice.example.com",
    });
    expect(env.upstream).toMatchObject({ kind: "http", baseUrl: "https://api.example.com/api/v1" });
    expect(env.database).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/app" });
  });

  describe("webhook authentication", () => {
    it("defaults to the hmac signature", () => {
      expect(parseEnv({}).webhookAuth).toEqual({ mode: "hmac" });
      expect(parseEnv({ WEBHOOK_AUTH: "hmac" }).webhookAuth).toEqual({ mode: "hmac" });
    });

    it("takes the provider's shared secret in a named header", () => {
      const env = parseEnv({
        WEBHOOK_AUTH: "shared-secret",
        WEBHOOK_SECRET_HEADER: " X-Webhook-Secret ",
        WEBHOOK_SECRET: "a-shared-secret-of-length",
      });
      expect(env.webhookAuth).toEqual({ mode: "shared-secret", header: "X-Webhook-Secret" });
      expect(env.webhookSecret).toBe("a-shared-secret-of-length");
    });

    it("stops start-up naming the variable for a bad scheme or header", () => {
      expect(() => parseEnv({ WEBHOOK_AUTH: "signature" })).toThrow(/WEBHOOK_AUTH must be hmac or shared-secret/);
      expect(() => parseEnv({ WEBHOOK_AUTH: "shared-secret" })).toThrow(
        /WEBHOOK_SECRET_HEADER is required when WEBHOOK_AUTH=shared-secret/,
      );
      expect(() => parseEnv({ WEBHOOK_AUTH: "shared-secret", WEBHOOK_SECRET_HEADER: "X Webhook: Secret" })).toThrow(
        /WEBHOOK_SECRET_HEADER must be an HTTP header name/,
      );
      for (const header of ["Authorization", "X-Forwarded-For", "Cookie", "Host", "Transfer-Encoding"]) {
        expect(() => parseEnv({ WEBHOOK_AUTH: "shared-secret", WEBHOOK_SECRET_HEADER: header })).toThrow(
          /WEBHOOK_SECRET_HEADER must not be/,
        );
      }
      expect(() => parseEnv({ WEBHOOK_SECRET_HEADER: "X-Webhook-Secret" })).toThrow(
        /WEBHOOK_SECRET_HEADER is only used with WEBHOOK_AUTH=shared-secret/,
      );
    });

    it("requires a shared secret that can travel in a header, and one at all with a real upstream", () => {
      const shared = { WEBHOOK_AUTH: "shared-secret", WEBHOOK_SECRET_HEADER: "X-Webhook-Secret" };
      expect(() => parseEnv({ ...shared, WEBHOOK_SECRET: "secret with a \n newline in it" })).toThrow(
        /WEBHOOK_SECRET must be visible ASCII/,
      );
      expect(() =>
        parseEnv({
          ...shared,
          BUSINESS_API_BASE_URL: "https://api.example.com/api/v1",
          BUSINESS_ID: "b",
          BUSINESS_SECRET_KEY: "k",
          AUTH_SECRET: "x".repeat(32),
        }),
      ).toThrow(/WEBHOOK_SECRET is required when WEBHOOK_AUTH=shared-secret/);
    });
  });
});

describe("STEP_UP_MAX_AGE_SECONDS", () => {
  it("defaults to 15 minutes and can only be shortened", () => {
    expect(parseEnv({}).stepUpMaxAgeSeconds).toBe(900);
    expect(parseEnv({ STEP_UP_MAX_AGE_SECONDS: "20" }).stepUpMaxAgeSeconds).toBe(20);
    expect(() => parseEnv({ STEP_UP_MAX_AGE_SECONDS: "3600" })).toThrow(/STEP_UP_MAX_AGE_SECONDS must be at most 900/);
    expect(() => parseEnv({ STEP_UP_MAX_AGE_SECONDS: "soon" })).toThrow(/STEP_UP_MAX_AGE_SECONDS/);
  });
});
