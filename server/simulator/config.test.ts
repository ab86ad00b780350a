import { describe, expect, it } from "vitest";
import { parseSimulatorEnv } from "./config";

describe("parseSimulatorEnv", () => {
  it("defaults to port 4010, an hour's tokens, a 20 s decision and a one-minute check interval in the sandbox", () => {
    expect(parseSimulatorEnv({})).toEqual({
      port: 4010,
      options: {
        tokenLifetimeSeconds: 3600,
        verificationDecisionDelayMs: 20_000,
        verificationCheckIntervalMs: 60_000,
        environment: "sandbox",
        listPaging: "none",
      },
      webhook: null,
    });
  });

  it("reads every variable", () => {
    expect(
      parseSimulatorEnv({
        SIMULATOR_PORT: "0",
        SIMULATOR_TOKEN_TTL_SECONDS: "5",
        SIMULATOR_VERIFICATION_DELAY_MS: "100",
        SIMULATOR_CHECK_INTERVAL_MS: "200",
        SIMULATOR_ENVIRONMENT: "production",
        SIMULATOR_LIST_PAGING: "page-limit",
        SIMULATOR_WEBHOOK_URL: "http://127.0.0.1:3000/api/webhooks/card-verification",
        SIMULATOR_WEBHOOK_SECRET: "a-secret-of-enough-length",
      }),
    ).toEqual({
      port: 0,
      options: {
        tokenLifetimeSeconds: 5,
        verificationDecisionDelayMs: 100,
        verificationCheckIntervalMs: 200,
        environment: "production",
        listPaging: "page-limit",
      },
      webhook: { url: "http://127.0.0.1:3000/api/webhooks/card-verification", auth: { mode: "hmac", secret: "a-secret-of-enough-length" } },
    });
  });

  it("delivers with the provider's shared-secret header when asked to", () => {
    const { webhook } = parseSimulatorEnv({
      SIMULATOR_WEBHOOK_URL: "http://127.0.0.1:3000/api/webhooks/card-verification",
      SIMULATOR_WEBHOOK_SECRET: "a-secret-of-enough-length",
      SIMULATOR_WEBHOOK_AUTH: "shared-secret",
      SIMULATOR_WEBHOOK_SECRET_HEADER: "X-Webhook-Secret",
    });
    expect(webhook?.auth).toEqual({ mode: "shared-secret", secret: "a-secret-of-enough-length", header: "X-Webhook-Secret" });
  });

  it.each([
    [{ SIMULATOR_WEBHOOK_AUTH: "signature" }, /SIMULATOR_WEBHOOK_AUTH/],
    [{ SIMULATOR_WEBHOOK_AUTH: "shared-secret" }, /SIMULATOR_WEBHOOK_SECRET_HEADER is required/],
    [
      { SIMULATOR_WEBHOOK_AUTH: "shared-secret", SIMULATOR_WEBHOOK_SECRET_HEADER: "Authorization" },
      /SIMULATOR_WEBHOOK_SECRET_HEADER must not be/,
    ],
    [
      { SIMULATOR_WEBHOOK_AUTH: "shared-secret", SIMULATOR_WEBHOOK_SECRET_HEADER: "X Secret" },
      /SIMULATOR_WEBHOOK_SECRET_HEADER must be an HTTP header name/,
    ],
    [{ SIMULATOR_WEBHOOK_SECRET_HEADER: "X-Webhook-Secret" }, /only used with SIMULATOR_WEBHOOK_AUTH=shared-secret/],
  ])("refuses the webhook scheme %o", (vars, message) => {
    expect(() => parseSimulatorEnv(vars)).toThrow(message);
  });

  it.each([
    ["SIMULATOR_PORT", "abc"],
    ["SIMULATOR_PORT", "70000"],
    ["SIMULATOR_TOKEN_TTL_SECONDS", "0"],
    ["SIMULATOR_VERIFICATION_DELAY_MS", "1.5"],
    ["SIMULATOR_CHECK_INTERVAL_MS", "-1"],
    ["SIMULATOR_ENVIRONMENT", "staging"],
    ["SIMULATOR_LIST_PAGING", "cursor"],
    ["SIMULATOR_WEBHOOK_URL", "ftp://example.com/hook"],
    ["SIMULATOR_WEBHOOK_SECRET", "short"],
  ])("names %s when it is %s", (name, value) => {
    expect(() => parseSimulatorEnv({ [name]: value })).toThrow(new RegExp(name));
  });
});
