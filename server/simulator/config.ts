import "server-only";
import { z } from "zod";
import type { SimulatorOptions } from "./types";

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
  SIMULATOR_ENVIRONMENT: z.preprocess(emptyToUndefined, z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox")),
});

export class SimulatorConfigError extends Error {
  override name = "SimulatorConfigError";
}

/** The standalone server's settings from its environment; the error names each bad variable. */
export type WebhookTarget = { url: string; secret: string };

export function parseSimulatorEnv(source: Record<string, string | undefined>): { port: number; options: SimulatorOptions; webhook: WebhookTarget | null } {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")} ${i.message}`);
    throw new SimulatorConfigError(`Invalid simulator configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  if (Boolean(e.SIMULATOR_WEBHOOK_URL) !== Boolean(e.SIMULATOR_WEBHOOK_SECRET)) {
    throw new SimulatorConfigError("Invalid simulator configuration:\n  SIMULATOR_WEBHOOK_URL and SIMULATOR_WEBHOOK_SECRET must be set together");
  }
  return {
    port: e.SIMULATOR_PORT,
    options: {
      tokenLifetimeSeconds: e.SIMULATOR_TOKEN_TTL_SECONDS,
      verificationDecisionDelayMs: e.SIMULATOR_VERIFICATION_DELAY_MS,
      verificationCheckIntervalMs: e.SIMULATOR_CHECK_INTERVAL_MS,
      environment: e.SIMULATOR_ENVIRONMENT,
    },
    webhook: e.SIMULATOR_WEBHOOK_URL && e.SIMULATOR_WEBHOOK_SECRET ? { url: e.SIMULATOR_WEBHOOK_URL, secret: e.SIMULATOR_WEBHOOK_SECRET } : null,
  };
}
