import "server-only";
import { z } from "@/lib/validation/zod";
import { sharedSecretValueProblem, webhookAuthModes, webhookHeaderNameProblem, type WebhookAuth } from "@/lib/contracts/webhooks";
import { simulatorListPagingModes, type SimulatorOptions } from "./types";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const whole = (min: number, max: number, fallback: number, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: `must be ${what}` })
      .int({ message: `must be ${what}` })
      .min(min, { message: `must be at least ${min}` })
      .max(max, { message: `must be at most ${max}` })
      .default(fallback),
  );

const schema = z.object({
  SIMULATOR_PORT: whole(0, 65_535, 4010, "a port number (0-65535)"),
  SIMULATOR_TOKEN_TTL_SECONDS: whole(1, 86_400, 3600, "a whole number of seconds"),
  SIMULATOR_VERIFICATION_DELAY_MS: whole(0, 3_600_000, 20_000, "a whole number of milliseconds"),
  SIMULATOR_CHECK_INTERVAL_MS: whole(0, 3_600_000, 60_000, "a whole number of milliseconds"),
  SIMULATOR_WEBHOOK_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional()),
  SIMULATOR_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  SIMULATOR_WEBHOOK_AUTH: z.preprocess(
    emptyToUndefined,
    z.enum(webhookAuthModes, { message: "must be hmac or shared-secret" }).default("hmac"),
  ),
  SIMULATOR_WEBHOOK_SECRET_HEADER: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  SIMULATOR_ENVIRONMENT: z.preprocess(
    emptyToUndefined,
    z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox"),
  ),
  SIMULATOR_LIST_PAGING: z.preprocess(
    emptyToUndefined,
    z.enum(simulatorListPagingModes, { message: "must be none, page-limit or ignore-page" }).default("none"),
  ),
});

export class SimulatorConfigError extends Error {
  override name = "SimulatorConfigError";
}

/** The standalone server's settings from its environment; the error names each bad variable. */
export type WebhookTarget = { url: string; auth: WebhookAuth };

export function parseSimulatorEnv(source: Record<string, string | undefined>): {
  port: number;
  options: SimulatorOptions;
  webhook: WebhookTarget | null;
} {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")} ${i.message}`);
    throw new SimulatorConfigError(`Invalid simulator configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (Boolean(e.SIMULATOR_WEBHOOK_URL) !== Boolean(e.SIMULATOR_WEBHOOK_SECRET)) {
    throw new SimulatorConfigError(
      "Invalid simulator configuration:\n  SIMULATOR_WEBHOOK_URL and SIMULATOR_WEBHOOK_SECRET must be set together",
    );
  }
  const problems = webhookAuthProblems(e.SIMULATOR_WEBHOOK_AUTH, e.SIMULATOR_WEBHOOK_SECRET_HEADER, e.SIMULATOR_WEBHOOK_SECRET);
  if (problems.length > 0) throw new SimulatorConfigError(`Invalid simulator configuration:\n${problems.join("\n")}`);
  const url = e.SIMULATOR_WEBHOOK_URL;
  const secret = e.SIMULATOR_WEBHOOK_SECRET;
  const auth: WebhookAuth | null = !secret
    ? null
    : e.SIMULATOR_WEBHOOK_AUTH === "shared-secret"
      ? { mode: "shared-secret", secret, header: e.SIMULATOR_WEBHOOK_SECRET_HEADER! }
      : { mode: "hmac", secret };
  return {
    port: e.SIMULATOR_PORT,
    options: {
      tokenLifetimeSeconds: e.SIMULATOR_TOKEN_TTL_SECONDS,
      verificationDecisionDelayMs: e.SIMULATOR_VERIFICATION_DELAY_MS,
      verificationCheckIntervalMs: e.SIMULATOR_CHECK_INTERVAL_MS,
      environment: e.SIMULATOR_ENVIRONMENT,
      listPaging: e.SIMULATOR_LIST_PAGING,
    },
    webhook: url && auth ? { url, auth } : null,
  };
}

/** The same rules as the app's WEBHOOK_AUTH / WEBHOOK_SECRET_HEADER, so a pair that starts one starts the other. */
function webhookAuthProblems(mode: WebhookAuth["mode"], header: string | undefined, secret: string | undefined): string[] {
  if (mode === "hmac") {
    return header === undefined ? [] : ["  SIMULATOR_WEBHOOK_SECRET_HEADER is only used with SIMULATOR_WEBHOOK_AUTH=shared-secret"];
  }
  const problems: string[] = [];
  const headerProblem = header === undefined ? "is required when SIMULATOR_WEBHOOK_AUTH=shared-secret" : webhookHeaderNameProblem(header);
  if (headerProblem) problems.push(`  SIMULATOR_WEBHOOK_SECRET_HEADER ${headerProblem}`);
  const secretProblem = secret === undefined ? null : sharedSecretValueProblem(secret);
  if (secretProblem) problems.push(`  SIMULATOR_WEBHOOK_SECRET ${secretProblem.replace("WEBHOOK_AUTH", "SIMULATOR_WEBHOOK_AUTH")}`);
  return problems;
}
