import "server-only";
import { z } from "@/lib/validation/zod";
import { approvalActions, type ApprovalAction } from "@/lib/approvals/actions";
import { sharedSecretValueProblem, webhookAuthModes, webhookHeaderNameProblem } from "@/lib/contracts/webhooks";

/**
 * All configuration, validated once. The only module that reads process.env for the app
 * (the standalone simulator and the staff CLI read their own few variables).
 */
/**
 * How the card-transactions list is read: `none` (the spec: one response is the whole list) or
 * `page-limit` (the provider's public docs: `page` from 1, `limit` at most 100).
 */
export const listPagingModes = ["none", "page-limit"] as const;
export type ListPaging = (typeof listPagingModes)[number];

/** The JWS algorithms an IdP may sign ID tokens with here (RFC 7518, RFC 8037): the asymmetric ones. */
export const OIDC_ID_TOKEN_ALGS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"] as const;
export type OidcIdTokenAlg = (typeof OIDC_ID_TOKEN_ALGS)[number];

/** pino's levels, quietest last: what LOG_LEVEL may name (pino refuses any other with a message that never names the variable). */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** localhost, 127.0.0.0/8 or [::1]: a plain-http address that never leaves the machine. */
function isLoopbackUrl(value: string): boolean {
  try {
    // The URL parser has already normalised IPv4 forms such as 127.1 or 0x7f.1 to dotted quads.
    const host = new URL(value).hostname;
    return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  } catch {
    return false;
  }
}

function isHttpsOrLoopback(value: string): boolean {
  try {
    return new URL(value).protocol === "https:" || isLoopbackUrl(value);
  } catch {
    return false;
  }
}

const LOOPBACK_ONLY = "must be https (plain http only for a loopback address: localhost, 127.0.0.0/8, [::1])";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

// Trimmed and lower-cased ("INFO" means info); pino itself takes the lower-case names only.
const logLevelSchema = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim().toLowerCase()) : v),
  z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
);

/**
 * What the configuration is read for. `server`: the back-office itself (`next start`, `next dev`),
 * which serves sessions. `command`: a command line tool of the project (the staff and audit
 * commands), which reads the same variables but serves no session: an auditor verifying the trail
 * needs DATABASE_URL, not the app's AUTH_SECRET (a tool that does use the secret is refused by
 * server/auth/secret.ts instead, with the same reason).
 */
export type EnvUse = "server" | "command";

/**
 * Why AUTH_SECRET must be set for this configuration, or null where a generated one will do: only
 * a single process on the embedded simulator and the embedded database. With PostgreSQL several
 * instances share the sessions, and each would generate a secret of its own; against any other
 * payments API the back-office holds real data.
 */
export function authSecretRequiredBecause(config: {
  environment: AppEnv["environment"];
  database: Pick<AppEnv["database"], "kind">;
  upstream: Pick<AppEnv["upstream"], "kind">;
}): string | null {
  if (config.environment === "production") return "is required in production";
  if (config.database.kind === "postgres")
    return "is required with a PostgreSQL DATABASE_URL: every instance on that database must open the sessions the others made, and a generated secret is one instance's own";
  if (config.upstream.kind === "http")
    return "is required with BUSINESS_API_BASE_URL set: a generated secret (.data/auth-secret) is only for the embedded simulator";
  return null;
}

const isPostgresUrl = (url: string | undefined): url is string => url !== undefined && /^postgres/.test(url);

const fields = z.object({
  BUSINESS_API_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://api.example.com/api/v1" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  BUSINESS_API_ENVIRONMENT: z.preprocess(
    emptyToUndefined,
    z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox"),
  ),
  BUSINESS_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  BUSINESS_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  BUSINESS_API_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a number of milliseconds" })
      .int({ message: "must be a whole number of milliseconds" })
      .min(100, { message: "must be at least 100" })
      .max(120_000, { message: "must be at most 120000" })
      .default(10_000),
  ),
  BUSINESS_API_LIST_PAGING: z.preprocess(
    emptyToUndefined,
    z.enum(listPagingModes, { message: "must be none or page-limit" }).default("none"),
  ),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { message: "must be at least 32 characters" }).optional()),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/.+|pglite:.+|memory:)$/, {
        message: "must be postgres://… (or pglite:<dir> / memory: for the embedded database)",
      })
      .optional(),
  ),
  DEMO_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(1).default("demo")),
  // Unset: the demo accounts exist with the embedded simulator only (see demoAccountsProblem below).
  DEMO_ACCOUNTS: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { message: "must be true or false" }).optional()),
  WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  WEBHOOK_AUTH: z.preprocess(emptyToUndefined, z.enum(webhookAuthModes, { message: "must be hmac or shared-secret" }).default("hmac")),
  WEBHOOK_SECRET_HEADER: z.preprocess(emptyToUndefined, z.string().trim().optional()),
  BVN_LOOKUPS_PER_HOUR: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a number of lookups" })
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(10_000, { message: "must be at most 10000" })
      .default(30),
  ),
  STEP_UP_MAX_AGE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a number of seconds" })
      .int({ message: "must be a whole number of seconds" })
      .min(5, { message: "must be at least 5" })
      .max(900, { message: "must be at most 900 (15 minutes)" })
      .default(900),
  ),
  // A comma list of action names; the start-up choice until an administrator saves the settings page.
  APPROVAL_REQUIRED_FOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(approvalActions, { message: `lists action names from: ${approvalActions.join(", ")}` }))),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { message: "must be true or false" }).default("false")),
  // Security alerts are posted here as a chat incoming-webhook `{ "text" }` body (server/alerts/outbox.ts).
  ALERT_WEBHOOK_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        message: "must be the incoming-webhook URL alerts are posted to, such as https://hooks.example.com/T000/B000",
      })
      .refine(isHttpsOrLoopback, { message: LOOPBACK_ONLY })
      .optional(),
  ),
  OIDC_ISSUER: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be the identity provider's issuer URL, such as https://login.example.com" })
      .refine(isHttpsOrLoopback, { message: LOOPBACK_ONLY })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  // Read by next-auth itself; validated here because single sign-on's callback URL is built from it
  // and every auth cookie's Secure flag and prefix follow it (server/auth/session-cookie-name.ts).
  NEXTAUTH_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be the back-office's public URL, such as https://backoffice.example.com" })
      .refine(isHttpsOrLoopback, { message: LOOPBACK_ONLY })
      .optional(),
  ),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().trim().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  OIDC_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(40, { message: "must be at most 40 characters" }).default("SSO")),
  // What the IdP signs its ID tokens with (its discovery document's id_token_signing_alg_values_supported):
  // openid-client accepts only this one, so a token re-signed another way is refused. Asymmetric
  // algorithms only: an HMAC token is signed with the client secret, and "none" with nothing.
  OIDC_ID_TOKEN_ALG: z.preprocess(
    emptyToUndefined,
    z.enum(OIDC_ID_TOKEN_ALGS, { message: `must be one of ${OIDC_ID_TOKEN_ALGS.join(", ")}` }).default("RS256"),
  ),
  PASSWORD_SIGN_IN: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { message: "must be true or false" }).default("true")),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(16, { message: "must be at least 16 characters" })
      .regex(/^[\x21-\x7e]+$/, { message: "must be visible ASCII (it is sent as a bearer token)" })
      .optional(),
  ),
  // The OTLP/HTTP base URL; spans go to <endpoint>/v1/traces, as the OpenTelemetry exporters define it.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "must be the collector's OTLP/HTTP URL, such as http://otel-collector:4318" })
      .transform((v) => v.replace(/\/+$/, ""))
      .optional(),
  ),
  OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default("payments-back-office")),
  AUDIT_SIGNING_KEY_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  AUDIT_CHECKPOINT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  AUDIT_CHECKPOINT_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "must be a number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .min(1, { message: "must be at least 1" })
      .max(1440, { message: "must be at most 1440 (a day)" })
      .default(60),
  ),
  AUDIT_STREAM_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, { message: "must be at least 32 characters" })
      .regex(/^[\x21-\x7e]+$/, { message: "must be visible ASCII (it is sent as a bearer token)" })
      .optional(),
  ),
  LOG_LEVEL: logLevelSchema,
  NODE_ENV: z.string().optional(),
});

type Fields = z.infer<typeof fields>;

/** Every variable read here, by name (compose.yaml passes each, or says why not: server/env-compose.test.ts). */
export const ENV_VARIABLES: readonly string[] = Object.keys(fields.shape);

/** The rules between variables; `use` says whether the server's own (AUTH_SECRET with PostgreSQL or a real upstream) apply. */
function checkTogether(env: Fields, use: EnvUse, ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void }) {
  if (env.BUSINESS_API_BASE_URL) {
    for (const key of ["BUSINESS_ID", "BUSINESS_SECRET_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when BUSINESS_API_BASE_URL is set" });
    }
  }
  if (env.WEBHOOK_AUTH === "shared-secret") {
    const header = env.WEBHOOK_SECRET_HEADER;
    const problem = header === undefined ? "is required when WEBHOOK_AUTH=shared-secret" : webhookHeaderNameProblem(header);
    if (problem) ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET_HEADER"], message: problem });
    // Choosing the provider's scheme means its webhooks are expected; without a secret all would be refused.
    const secretProblem =
      env.WEBHOOK_SECRET === undefined
        ? env.BUSINESS_API_BASE_URL
          ? "is required when WEBHOOK_AUTH=shared-secret with BUSINESS_API_BASE_URL set"
          : null
        : sharedSecretValueProblem(env.WEBHOOK_SECRET);
    if (secretProblem) ctx.addIssue({ code: "custom", path: ["WEBHOOK_SECRET"], message: secretProblem });
  } else if (env.WEBHOOK_SECRET_HEADER !== undefined) {
    // Set alone it would silently change nothing while the provider's deliveries fail the hmac check.
    ctx.addIssue({
      code: "custom",
      path: ["WEBHOOK_SECRET_HEADER"],
      message: "is only used with WEBHOOK_AUTH=shared-secret; set both or neither",
    });
  }
  const oidcKeys = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const oidcSet = oidcKeys.filter((key) => env[key] !== undefined);
  if (oidcSet.length > 0) {
    for (const key of oidcKeys) {
      if (env[key] === undefined)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is required when ${oidcSet.join(" and ")} ${oidcSet.length === 1 ? "is" : "are"} set (single sign-on needs all three)`,
        });
    }
  }
  if (oidcSet.length === oidcKeys.length && !env.NEXTAUTH_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["NEXTAUTH_URL"],
      message: "is required with single sign-on: the IdP sends staff back to <NEXTAUTH_URL>/api/auth/callback/oidc",
    });
  }
  // With neither way to sign in, nobody (not even an administrator) could get in to fix it.
  if (env.PASSWORD_SIGN_IN === "false" && oidcSet.length < oidcKeys.length) {
    ctx.addIssue({
      code: "custom",
      path: ["PASSWORD_SIGN_IN"],
      message: "can only be false when single sign-on is configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)",
    });
  }
  // One without the other would either sign nothing or sign into nowhere.
  if ((env.AUDIT_SIGNING_KEY_FILE === undefined) !== (env.AUDIT_CHECKPOINT_DIR === undefined)) {
    const missing = env.AUDIT_SIGNING_KEY_FILE === undefined ? "AUDIT_SIGNING_KEY_FILE" : "AUDIT_CHECKPOINT_DIR";
    ctx.addIssue({
      code: "custom",
      path: [missing],
      message: "is required with the other of AUDIT_SIGNING_KEY_FILE / AUDIT_CHECKPOINT_DIR (checkpoints need both)",
    });
  }
  if (!env.AUTH_SECRET) {
    const config = {
      environment: env.BUSINESS_API_ENVIRONMENT,
      database: { kind: isPostgresUrl(env.DATABASE_URL) ? ("postgres" as const) : ("pglite" as const) },
      upstream: { kind: env.BUSINESS_API_BASE_URL ? ("http" as const) : ("embedded" as const) },
    };
    // A command line tool is held to production's rule only (see EnvUse).
    const why = use === "server" || config.environment === "production" ? authSecretRequiredBecause(config) : null;
    if (why) ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: why });
  }
  const demoProblem = demoAccountsProblem(env);
  if (demoProblem) ctx.addIssue({ code: "custom", path: ["DEMO_ACCOUNTS"], message: demoProblem });
  if (env.BUSINESS_API_ENVIRONMENT === "production") {
    if (!isPostgresUrl(env.DATABASE_URL))
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "must be a postgres://… URL in production: the embedded PGlite keeps the sessions, the audit trail and the idempotency records in one process's files, with no backup, replica or second instance",
      });
    if (!env.BUSINESS_API_BASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["BUSINESS_API_BASE_URL"],
        message: "is required in production (the simulator is a sandbox)",
      });
    // Unset, next-auth would take its fallback http://localhost:3000 and the cookies would not be Secure.
    if (!env.NEXTAUTH_URL)
      ctx.addIssue({
        code: "custom",
        path: ["NEXTAUTH_URL"],
        message: "is required in production: the back-office's public https URL (the auth cookies are Secure only for an https one)",
      });
  }
}

/**
 * Why DEMO_ACCOUNTS=true cannot be honoured, or null. Unset, the demo accounts exist only with the
 * embedded simulator; true extends them to a simulator on this machine (`npm run simulator` on a
 * loopback address, as the end-to-end suites and the bench run it), never to another payments API:
 * there anyone who read DEMO_PASSWORD in the README would sign in as an administrator.
 */
function demoAccountsProblem(env: Fields): string | null {
  if (env.DEMO_ACCOUNTS !== "true") return null;
  if (env.BUSINESS_API_ENVIRONMENT === "production")
    return "cannot be true in production: the demo accounts' password is DEMO_PASSWORD, and the administrator among them could do anything";
  if (env.BUSINESS_API_BASE_URL && !isLoopbackUrl(env.BUSINESS_API_BASE_URL))
    return "can only be true with the embedded simulator or a simulator on this machine (a loopback BUSINESS_API_BASE_URL such as http://127.0.0.1:4010/api/v1): against another payments API anyone who knows DEMO_PASSWORD would sign in as an administrator";
  return null;
}

const schemas = {
  server: fields.superRefine((env, ctx) => checkTogether(env, "server", ctx)),
  command: fields.superRefine((env, ctx) => checkTogether(env, "command", ctx)),
};

export type AppEnv = {
  upstream: { kind: "embedded" } | { kind: "http"; baseUrl: string; businessId: string; secretKey: string };
  environment: "sandbox" | "production";
  timeoutMs: number;
  /** BUSINESS_API_LIST_PAGING; BUSINESS_API_TIMEOUT_MS bounds a paged list read as a whole, all pages. */
  listPaging: ListPaging;
  authSecret: string | undefined;
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dir: string | null };
  /** Whether the demo accounts exist (DEMO_ACCOUNTS; unset, with the embedded simulator only); otherwise any left are disabled. */
  demoAccounts: boolean;
  demoPassword: string;
  webhookSecret: string | undefined;
  /** How the provider's webhook deliveries authenticate (the secret is WEBHOOK_SECRET either way). */
  webhookAuth: { mode: "hmac" } | { mode: "shared-secret"; header: string };
  /** BVN lookups one staff member may make in any rolling hour. */
  bvnLookupsPerHour: number;
  isProductionBuild: boolean;
  /** How old a session's last second-factor code may be for a sensitive action (only ever shortened, for tests). */
  stepUpMaxAgeSeconds: number;
  /** APPROVAL_REQUIRED_FOR: the actions that need a second member's approval until the settings page is saved. */
  approvalRequiredFor: ApprovalAction[];
  /** Trust X-Forwarded-* headers: only behind a proxy that sets them and strips the client's own. */
  trustProxy: boolean;
  /** Where security alerts are posted; null: they are only shown on the admin home. */
  alertWebhookUrl: string | null;
  /** Single sign-on through the company's OpenID Connect provider, when configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string; idTokenAlg: OidcIdTokenAlg } | null;
  /** Whether staff may sign in with an email and password (false only alongside single sign-on). */
  passwordSignIn: boolean;
  /** NEXTAUTH_URL: the address staff reach the back-office at; the auth cookies' flags follow it. */
  publicUrl: string | null;
  /** The bearer token of `GET /api/metrics`; unset, the route answers 404. */
  metricsToken: string | undefined;
  /** Where traces are exported (OTLP/HTTP); null: no tracing SDK is started. */
  tracing: { endpoint: string; serviceName: string } | null;
  /** Signed audit checkpoints: the Ed25519 key's file, the directory they go to, how often; null: none. */
  auditCheckpoints: { keyFile: string; dir: string; minutes: number } | null;
  /** The log shipper's bearer token for `GET /api/audit/stream`; unset, only signed-in staff read it. */
  auditStreamToken: string | undefined;
  /** LOG_LEVEL, validated (see configuredLogLevel for reading it alone). */
  logLevel: LogLevel;
};

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * The configuration in `source`, validated; an EnvError names each bad variable and why. `use`:
 * see EnvUse (env() tells the server from a command line tool).
 */
export function parseEnv(source: Record<string, string | undefined>, use: EnvUse = "server"): AppEnv {
  const e = parsed(schemas[use], source);
  const dbUrl = e.DATABASE_URL;
  return {
    upstream: e.BUSINESS_API_BASE_URL
      ? { kind: "http", baseUrl: e.BUSINESS_API_BASE_URL, businessId: e.BUSINESS_ID!, secretKey: e.BUSINESS_SECRET_KEY! }
      : { kind: "embedded" },
    environment: e.BUSINESS_API_ENVIRONMENT,
    timeoutMs: e.BUSINESS_API_TIMEOUT_MS,
    listPaging: e.BUSINESS_API_LIST_PAGING,
    authSecret: e.AUTH_SECRET,
    database:
      dbUrl && /^postgres/.test(dbUrl)
        ? { kind: "postgres", url: dbUrl }
        : { kind: "pglite", dir: dbUrl === "memory:" ? null : dbUrl ? dbUrl.slice("pglite:".length) : ".data/pglite" },
    demoAccounts: e.DEMO_ACCOUNTS === undefined ? !e.BUSINESS_API_BASE_URL : e.DEMO_ACCOUNTS === "true",
    demoPassword: e.DEMO_PASSWORD,
    webhookSecret: e.WEBHOOK_SECRET,
    webhookAuth: e.WEBHOOK_AUTH === "shared-secret" ? { mode: "shared-secret", header: e.WEBHOOK_SECRET_HEADER! } : { mode: "hmac" },
    bvnLookupsPerHour: e.BVN_LOOKUPS_PER_HOUR,
    isProductionBuild: e.NODE_ENV === "production",
    stepUpMaxAgeSeconds: e.STEP_UP_MAX_AGE_SECONDS,
    approvalRequiredFor: [...new Set(e.APPROVAL_REQUIRED_FOR)],
    trustProxy: e.TRUST_PROXY === "true",
    alertWebhookUrl: e.ALERT_WEBHOOK_URL ?? null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            idTokenAlg: e.OIDC_ID_TOKEN_ALG,
          }
        : null,
    passwordSignIn: e.PASSWORD_SIGN_IN === "true",
    publicUrl: e.NEXTAUTH_URL ?? null,
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : null,
    auditCheckpoints:
      e.AUDIT_SIGNING_KEY_FILE && e.AUDIT_CHECKPOINT_DIR
        ? { keyFile: e.AUDIT_SIGNING_KEY_FILE, dir: e.AUDIT_CHECKPOINT_DIR, minutes: e.AUDIT_CHECKPOINT_MINUTES }
        : null,
    auditStreamToken: e.AUDIT_STREAM_TOKEN,
    logLevel: e.LOG_LEVEL ?? defaultLogLevel(e.NODE_ENV),
  };
}

function parsed<S extends z.ZodType>(schema: S, source: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"} ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data as z.infer<S>;
}

/** Unset: info, and warn under a test runner (NODE_ENV=test), as server/log.ts has always chosen. */
function defaultLogLevel(nodeEnv: string | undefined): LogLevel {
  return nodeEnv === "test" ? "warn" : "info";
}

const logLevelOnly = z.object({ LOG_LEVEL: logLevelSchema, NODE_ENV: z.string().optional() });

/**
 * LOG_LEVEL alone, validated: for the logger, which is made when its module loads, before start-up
 * validates the whole configuration (a bad value elsewhere must not stop the logger from being
 * made; a bad LOG_LEVEL throws this EnvError naming it and listing the levels, never pino's own).
 */
export function configuredLogLevel(source: Record<string, string | undefined> = process.env): LogLevel {
  const e = parsed(logLevelOnly, source);
  return e.LOG_LEVEL ?? defaultLogLevel(e.NODE_ENV);
}

let cached: AppEnv | undefined;

/** The validated configuration; the first call validates and throws an EnvError naming each bad variable. */
export function env(): AppEnv {
  // Inside Next's server bundle the server's rules apply; a command line tool (tsx) is held to its own.
  cached ??= parseEnv(process.env, runsBundled() ? "server" : "command");
  return cached;
}

/**
 * Whether this code runs inside Next's server, from its bundle (Next sets NEXT_RUNTIME), rather
 * than as TypeScript source under Vitest or a script. Not configuration: nothing to set.
 */
export function runsBundled(): boolean {
  return Boolean(process.env.NEXT_RUNTIME);
}
