import type { z } from "@/lib/validation/zod";
import type { ApprovalAction } from "@/lib/approvals/actions";
import type { Capability } from "@/lib/permissions";
import { APPROVAL_HOLD_ERRORS, type ErrorCode, GUARD_ERRORS, type GuardError, SANDBOX_ONLY } from "./errors";
import { IDEMPOTENCY_KEY_ERRORS } from "./idempotency";

/**
 * One endpoint of our own API, declared once: the route wrapper (server/http/route.ts) enforces it,
 * the browser's fetchers (lib/client/) are built from it, and the route-matrix test checks that
 * every route file has one. Plain objects and zod schemas only, so both sides can import it.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH";

/** Which sessions may call a contract: a usable session whose role has the capability, … */
type StaffAccess = { capability: Capability; stages?: never; outside?: never };
/** … a session at one of the stages of finishing its second factor (its own routes only), … */
export type SecondFactorStage = "pending" | "enrol" | "usable";
type StageAccess = { stages: readonly SecondFactorStage[]; capability?: never; outside?: never };
/** … or no staff session at all: the caller proves itself another way (webhook secret) or it is a probe. */
type OutsideAccess = { outside: "webhook" | "probe" | "auth-library"; capability?: never; stages?: never };

/** A file to download (CSV): the handler answers with a streamed Response, not JSON. */
export const fileResponse = { kind: "file", contentType: "text/csv" } as const;
/** Newline-delimited JSON streamed to a log shipper (the audit stream): one object per line. */
export const ndjsonResponse = { kind: "file", contentType: "application/x-ndjson" } as const;
export type FileResponse = typeof fileResponse | typeof ndjsonResponse;

export type Contract = (StaffAccess | StageAccess | OutsideAccess) & {
  method: Method;
  /** The route's path with Next.js segments: `/api/v1/transactions/[id]`. */
  path: `/api/${string}`;
  /** Audit action: written when a signed-in member is refused by role, and by the handler's own entries. */
  action: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer's shape; the wrapper parses every answer with it before sending it. */
  response: z.ZodType | FileResponse;
  /** Error codes the handler itself may answer, beyond the guards' (GUARD_ERRORS); each from the closed list (ERROR_STATUS). */
  errors: readonly ErrorCode[];
  /**
   * A refusal whose body carries more than the envelope (409 `card_recently_issued` with the issuance
   * to show): the whole body's schema, by code. The server builds it with `fail(…, { body })`, the
   * browser's `call()` parses it and hands it over typed (`errorBodyOf`).
   */
  errorBodies?: { readonly [K in ErrorCode]?: z.ZodType<{ error: { code: K; message: string } }> };
  /**
   * Once per intent: the request carries an `Idempotency-Key` header (./idempotency.ts), which the
   * wrapper reads and checks before the handler (400 `idempotency_key_required` or
   * `invalid_idempotency_key`, naming the header) and hands to it as `idempotencyKey`.
   */
  idempotent?: true;
  /**
   * The endpoint exists against the sandbox only (spec: credit simulation). Against production the
   * wrapper refuses it (403 `sandbox_only`, audited) before the body is even read.
   */
  sandboxOnly?: true;
  /**
   * The answer is an audited reveal of personal data the staff member asked to see (a BVN record, a
   * bill's token): the values at these dotted paths are sent as they are, less any secret; the rest
   * of the answer is masked by value as every other answer is (server/privacy, maskRevealed).
   */
  reveals?: readonly [string, ...string[]];
  /**
   * Four-eyes: when an administrator requires approval for this action, the wrapper stores the
   * validated request and answers 202 `approval_pending` instead of running the handler; a second
   * member's approval runs it later (server/approvals/).
   */
  approval?: ApprovalAction;
};

/** Declares a contract, keeping its literal types (method, path, error codes) for everything derived from it. */
export function contract<const C extends Contract>(c: C): C {
  return c;
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

export type ParamsOf<C extends Contract> = C["params"] extends z.ZodType ? Out<C["params"]> : Record<string, never>;
export type QueryOf<C extends Contract> = C["query"] extends z.ZodType ? Out<C["query"]> : undefined;
export type BodyOf<C extends Contract> = C["body"] extends z.ZodType ? Out<C["body"]> : undefined;
export type ResponseOf<C extends Contract> = C["response"] extends z.ZodType ? Out<C["response"]> : never;
/** What a caller passes: the schemas' input side (a query's defaults may be left out). */
export type ParamsInput<C extends Contract> = C["params"] extends z.ZodType ? In<C["params"]> : undefined;
export type QueryInput<C extends Contract> = C["query"] extends z.ZodType ? In<C["query"]> : undefined;
export type BodyInput<C extends Contract> = C["body"] extends z.ZodType ? In<C["body"]> : undefined;

/** The closed union of codes a contract's envelope may carry. */
export type ErrorCodeOf<C extends Contract> =
  | GuardError
  | C["errors"][number]
  | (C["sandboxOnly"] extends true ? typeof SANDBOX_ONLY : never)
  | (C["idempotent"] extends true ? (typeof IDEMPOTENCY_KEY_ERRORS)[number] : never)
  | (C["approval"] extends ApprovalAction ? (typeof APPROVAL_HOLD_ERRORS)[number] : never);

/** What a refusal with this code carries beyond the envelope, when the contract declares a body for it. */
export type ErrorBodyOf<C extends Contract, K extends string> =
  C["errorBodies"] extends Record<string, unknown>
    ? K extends keyof C["errorBodies"]
      ? C["errorBodies"][K] extends z.ZodType
        ? Omit<z.output<C["errorBodies"][K]>, "error">
        : undefined
      : undefined
    : undefined;

/** Whether a code is one this contract declares (the guards' codes included). */
export function declaresError(c: Contract, code: string): boolean {
  if (c.sandboxOnly && code === SANDBOX_ONLY) return true;
  if (c.idempotent && (IDEMPOTENCY_KEY_ERRORS as readonly string[]).includes(code)) return true;
  if (c.approval && (APPROVAL_HOLD_ERRORS as readonly string[]).includes(code)) return true;
  return (GUARD_ERRORS as readonly string[]).includes(code) || (c.errors as readonly string[]).includes(code);
}

/** The path with its `[segments]` filled in, each value URL-encoded. */
export function pathOf(c: Pick<Contract, "path">, params: Record<string, string> | undefined): string {
  return c.path.replace(/\[([A-Za-z]+)\]/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${c.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The query string of a GET (`?a=1&b=2`, or "" when nothing is set); empty values are left out. */
export function searchOf(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** `METHOD /path` — how the route matrix and the logs name an endpoint. */
export function keyOf(c: Pick<Contract, "method" | "path">): string {
  return `${c.method} ${c.path}`;
}
