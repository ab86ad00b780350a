import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { maskPersonal, maskSensitiveDeep, maskSensitiveText, PAYLOAD_KEYS, serializeError } from "@/server/privacy";
import { isSecretKey, personalKeyOf } from "@/server/privacy/sensitive-keys";
import { currentTraceId, tracingStarted } from "@/server/observability/tracing";

const CENSORED = "[redacted]";
const payloadKeys = new Set<string>(PAYLOAD_KEYS);

/**
 * By key, at any depth (a secret three levels down is as secret as one at the top): secrets and
 * whole payloads censored, personal values masked by the same rule as everywhere else.
 */
function censorByKey(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  // Beyond this depth nothing is kept: recursion must not be driven by input.
  if (depth > 32) return CENSORED;
  if (Array.isArray(value)) return value.map((item) => censorByKey(item, depth + 1));
  // Class instances (an Error on its way to the serializer, a Date) are not data to walk.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const personal = personalKeyOf(key);
    if (isSecretKey(key) || payloadKeys.has(key)) out[key] = CENSORED;
    else if (personal && (typeof item === "string" || typeof item === "number")) out[key] = maskPersonal(personal, String(item));
    else out[key] = censorByKey(item, depth + 1);
  }
  return out;
}

const redactLine = (object: Record<string, unknown>) => maskSensitiveDeep(censorByKey(object) as Record<string, unknown>);

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
      // By value as well as by key: a card number or BVN under any key, or in the message, is masked.
      formatters: { log: redactLine, bindings: redactLine },
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
