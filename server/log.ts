import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { LOGGED, maskSensitiveDeep, maskSensitiveText, redactDeep, serializeError } from "@/server/privacy";
import { currentTraceId, tracingStarted } from "@/server/observability/tracing";
import { configuredLogLevel, type LogLevel } from "@/server/env";

// By key at any depth (a secret three levels down is as secret as one at the top), then by value.
const redactLine = (object: Record<string, unknown>) => maskSensitiveDeep(redactDeep(object, LOGGED) as Record<string, unknown>);

/**
 * LOG_LEVEL as validated (server/env.ts). A bad value falls back to info here rather than throwing:
 * pino would throw while this module is imported, before start-up could say which variable is wrong;
 * start-up's own check then stops the server naming LOG_LEVEL.
 */
function levelOrInfo(): LogLevel {
  try {
    return configuredLogLevel();
  } catch {
    return "info";
  }
}

/**
 * The server's logger. Redaction is by key, so a secret or a piece of personal data that reaches
 * a log call by accident is censored rather than written; errors go through `serializeError`,
 * which keeps a database error's code but never its statement, parameters or detail.
 */
export function createLogger(destination?: DestinationStream, level?: string): Logger {
  const logger = pino(
    {
      level: level ?? levelOrInfo(),
      base: undefined,
      serializers: { err: serializeError, error: serializeError },
      // By value as well as by key: a card number or BVN under any key, or in the message, is masked.
      formatters: { log: redactLine, bindings: redactLine },
      hooks: {
        logMethod(args, method) {
          method.apply(this, safeArguments(args) as Parameters<typeof method>);
        },
      },
      // Inside a traced request every line names its trace (nothing is added while tracing is off).
      mixin: traceFields,
    },
    ...(destination ? [destination] : []),
  );
  return maskingMessages(logger);
}

type Write = (this: Logger, object: object | null | undefined, message: unknown, level: number) => void;
const WRITE: typeof pino.symbols.writeSym = pino.symbols.writeSym;

/**
 * The logger, masking each line's message as pino has formatted it, its `%s`, `%d`, `%o` and `%j`
 * values substituted (and a child's `msgPrefix` prepended): masked piece by piece, a card number
 * split between the message and a value ("card 4340 7550 %s", "2021 9226") would be no card number
 * in either piece and whole in the line. No formatter reaches the message, so this wraps the
 * method pino hands it to (one of pino.symbols, kept for integrations); child loggers inherit it.
 */
function maskingMessages(logger: Logger): Logger {
  const internals = logger as unknown as { [WRITE]: Write };
  const write = internals[WRITE];
  internals[WRITE] = function (object, message, level) {
    write.call(this, object, safeMessage(message), level);
  };
  return logger;
}

/** A formatted message masked as text; anything else pino passes on as the message was made safe by safeArguments. */
function safeMessage(message: unknown): unknown {
  return typeof message === "string" ? maskSensitiveText(message) : message;
}

/**
 * A log call's arguments made safe where no formatter reaches, before pino formats the message:
 * an error's message, which pino would copy as it stands (`log.error(err)`, or `{ err }` with no
 * message), and the values a `%s`, `%o` or `%j` interpolates, which pino would stringify as they
 * stand (an object's secrets are known by their keys only here, before it is JSON in the line).
 */
function safeArguments(args: readonly unknown[]): unknown[] {
  const [first, ...rest] = args;
  // pino reads an Error alone as `{ err }`; read so here, the message below is the one it would have copied.
  const merged = first instanceof Error ? { err: first } : first;
  if (typeof merged === "object" && merged !== null && rest[0] === undefined) {
    const { err, msg } = merged as { err?: unknown; msg?: unknown };
    // The serializer's message, as in the line's `err`: a database error's own quotes its statement and parameters.
    if (err && (err as { message?: unknown }).message !== undefined && msg === undefined) rest[0] = serializeError(err).message;
  }
  // The merging object goes through the log formatter (redactLine); every other argument is text or interpolated.
  return [typeof merged === "object" && merged !== null ? merged : safeValue(merged), ...rest.map(safeValue)];
}

/**
 * An argument as a message or an interpolated value: masked as text, redacted and masked as an
 * object. Each on its own, as pino will stringify it (a token glued to the text before its `%s` is
 * still read as one); the line they make is masked again once formatted (maskingMessages).
 */
function safeValue(value: unknown): unknown {
  if (typeof value === "string") return maskSensitiveText(value);
  // What `%s` would print for it (String(error)), from the serializer's safe type and message.
  if (value instanceof Error) {
    const { type, message } = serializeError(value);
    return `${type}: ${message}`;
  }
  if (typeof value === "bigint") {
    const masked = maskSensitiveText(String(value));
    return masked === String(value) ? value : masked;
  }
  if (typeof value === "object" && value !== null) return maskSensitiveDeep(redactDeep(value, LOGGED));
  // A number long enough to be a card number or a BVN.
  return maskSensitiveDeep(value);
}

function traceFields(): { traceId?: string } {
  const traceId = tracingStarted() ? currentTraceId() : undefined;
  return traceId ? { traceId } : {};
}

export const log = createLogger();
