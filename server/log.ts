import "server-only";
import pino from "pino";

/**
 * One logger for the server. Redaction is by key, so a secret or a piece of personal data
 * that reaches a log call by accident is censored rather than written.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: undefined,
  redact: {
    paths: [
      "authorization",
      "*.authorization",
      "headers.authorization",
      "*.headers.authorization",
      "password",
      "*.password",
      "secret",
      "*.secret",
      "secretKey",
      "*.secretKey",
      "access_token",
      "*.access_token",
      "token",
      "*.token",
      "bvn",
      "*.bvn",
      "number",
      "*.number",
      "email",
      "*.email",
      "phone_number",
      "*.phone_number",
      "body",
      "*.body",
    ],
    censor: "[redacted]",
  },
});
