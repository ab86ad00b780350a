import { z } from "@/lib/validation/zod";
import { UPSTREAM_CODE_PATTERN } from "@/lib/upstream-code";

export { UPSTREAM_CODE_PATTERN };

/**
 * The error envelope every BFF route answers with (docs/architecture.md, "Where a new endpoint
 * goes"). `code` is always one the contract declares; `upstream_code` is the payments API's own
 * verification code beside `upstream_verification_error` (an open list the spec does not show).
 */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    upstream_code: z.string().regex(UPSTREAM_CODE_PATTERN).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type AppErrorInit = {
  status: number;
  code: string;
  message: string;
  field?: string;
  /** The payments API's own code of a typed refusal (with `upstream_verification_error`). */
  upstreamCode?: string;
  /** What the answer carries beside `error`, as the contract declares it (Contract.errorBodies). */
  body?: Record<string, unknown>;
  cause?: unknown;
};

// Next.js bundles route handlers and server components separately, so a singleton shared through
// globalThis (the upstream client) can throw an AppError of the other bundle's class: `instanceof`
// would miss it. The brand is global, so `isAppError` recognises both.
const BRAND = Symbol.for("backoffice.AppError");

export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

/** An error that already knows its HTTP status and its staff-safe message. */
export class AppError extends Error {
  readonly [BRAND] = true;
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly upstreamCode?: string;
  readonly body?: Record<string, unknown>;

  constructor(init: AppErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = "AppError";
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.upstreamCode = init.upstreamCode;
    this.body = init.body;
  }

  toEnvelope(): ErrorEnvelope & Record<string, unknown> {
    return {
      ...this.body,
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.upstreamCode ? { upstream_code: this.upstreamCode } : {}),
      },
    };
  }
}
