import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { LOGGED, maskSensitiveDeep, maskSensitiveText, redactDeep, serializeError } from "@/server/privacy";
import { currentTraceId, tracingStarted } from "@/server/observability/tracing";

// By key at any depth (a secret three levels down is as secret as one at the top), then by value.
const redactLine = (object: Record<string, unknown>) => maskSensitiveDeep(redactDeep(object, LOGGED) as Record<string, unknown>);

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
