import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import {
  isPersonalKey,
  isSecretKey,
  maskPersonal,
  maskSensitiveDeep,
  maskSensitiveText,
  PAYLOAD_KEYS,
  PERSONAL_KEYS,
  SECRET_KEYS,
  serializeError,
} from "@/server/privacy";
import { currentTraceId, tracingStarted } from "@/server/observability/tracing";

const CENSORED = "[redacted]";

// Top level and one level down (`{ upstream: { bvn } }`); hyphenated header names in brackets.
const REDACT_PATHS = [...SECRET_KEYS, ...PERSONAL_KEYS, ...PAYLOAD_KEYS].flatMap((key) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? [key, `*.${key}`] : [`headers["${key}"]`, `*.headers["${key}"]`],
);

/** Personal values are masked by the same rule as everywhere else; secrets and payloads are censored whole. */
function censor(value: unknown, path: string[]): unknown {
  const key = path[path.length - 1] ?? "";
  if (isSecretKey(key)) return CENSORED;
  if (isPersonalKey(key) && (typeof value === "string" || typeof value === "number")) return maskPersonal(key, String(value));
  return CENSORED;
}

/**
 * The server's logger. Redaction is by key, so a secret or a piece of personal data that reaches
 * a log call by accident is censored rather than written; errors go through `serializeError`,
 * which keeps a database error's code but never its statement, parameters or detail.
 */
export function createLogger(destination?: DestinationStream, level?: string): Logger {
  return pino(
    {
      level: level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
      base: undefined,
      serializers: { err: serializeError, error: serializeError },
      redact: { paths: REDACT_PATHS, censor },
      // By value as well as by key: a card number or BVN under any key, or in the message, is masked.
      formatters: { log: (object) => maskSensitiveDeep(object) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === "string" ? maskSensitiveText(arg) : arg)) as Parameters<typeof method>);
        },
      },
      // Inside a traced request every line names its trace (nothing is added while tracing is off).
      mixin: traceFields,
    },
    ...(destination ? [destination] : []),
  );
}

function traceFields(): { traceId?: string } {
  const traceId = tracingStarted() ? currentTraceId() : undefined;
  return traceId ? { traceId } : {};
}

export const log = createLogger();
