import type { Approval } from "@/lib/approvals/actions";
import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { retryAtOfHeader } from "@/lib/retry-later";
import { UPSTREAM_CODE_PATTERN } from "@/lib/upstream-code";

/** A failed BFF call, carrying the envelope's staff-safe message. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** When the server says asking again makes sense (epoch ms, from `Retry-After`), if it says so. */
    readonly retryAt?: number,
    /** The payments API's own code of a typed refusal (`upstream_verification_error`); shown as data, never trusted as ours. */
    readonly upstreamCode?: string,
    /** What the refusal carries beyond the envelope, when its contract declares a body for the code (read with errorBodyOf). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "BffError";
  }
}

/** Our API's answer that what was asked for does not exist (404): the views' not-found state. */
export function isNotFound(error: unknown): error is BffError {
  return error instanceof BffError && error.status === 404;
}

/**
 * 202 `approval_pending`: nothing was done; the request waits in the approvals queue for a second
 * member. Thrown like a failure, so every form shows its message where it shows a refusal, without
 * knowing about approvals, and nothing treats it as the action's result.
 */
export class ApprovalPendingError extends BffError {
  constructor(readonly approval: Approval) {
    super(
      202,
      "approval_pending",
      `Sent for approval: ${approvalActionLabels[approval.action] ?? approval.action} needs a second member. Nothing was done yet — a colleague with the same access approves it in the approvals queue on their home page within 24 hours.`,
    );
    this.name = "ApprovalPendingError";
  }
}

/**
 * What a failure says to staff: the server's own words (a BffError's envelope message, or an
 * approval's "Sent for approval"), or `fallback` for anything else — a bug's message is never shown.
 */
export function failureMessage(error: unknown, fallback = "Something went wrong. Try again."): string {
  return error instanceof BffError ? error.message : fallback;
}

/** What a failure says when the back-office cannot be read. A call whose effect may have happened says where to look instead of "try again". */
export type FailureWording = { network: string; unexpected: string; invalid: string };

const TRY_AGAIN: FailureWording = {
  network: "The back-office could not be reached. Check your connection and try again.",
  unexpected: "The back-office answered unexpectedly. Try again.",
  invalid: "The back-office answered with data we could not read. Try again.",
};

type FetchInit = {
  method?: "GET" | "POST" | "PUT" | "PATCH";
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  wording?: FailureWording;
  /** The codes whose refusal carries more than the envelope (Contract.errorBodies): their whole body is handed over. */
  errorBodies?: readonly string[];
};

/**
 * Calls one of our own routes. Never reads a body as data without checking `res.ok` first; a failure
 * throws a typed BffError. The answer is not parsed again here: route() already parsed it with the
 * contract's response schema before sending it, and parsing it twice would put zod in every page.
 */
export async function bffFetch<T>(path: string, init?: FetchInit): Promise<T> {
  const wording = init?.wording ?? TRY_AGAIN;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init?.method ?? "GET",
      headers: {
        ...(init?.body !== undefined || init?.method === "POST"
          ? { "Content-Type": "application/json", Accept: "application/json" }
          : { Accept: "application/json" }),
        ...init?.headers,
      },
      body: init?.body !== undefined ? JSON.stringify(init.body) : init?.method === "POST" ? "{}" : undefined,
      credentials: "same-origin",
      cache: "no-store",
      signal: init?.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new BffError(0, "network_error", wording.network);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 202 && isApprovalPending(payload)) throw new ApprovalPendingError(payload.approval);
  if (!response.ok) {
    if (response.status === 401 && typeof window !== "undefined") {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full reload on session end drops cached data
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    const error = envelopeOf(payload);
    if (!error) throw new BffError(response.status, "unexpected_response", wording.unexpected);
    const { code, message, field, upstream_code } = error;
    const body = init?.errorBodies?.includes(code) ? payload : undefined;
    throw new BffError(response.status, code, message, field, retryAtOf(response), upstream_code, body);
  }
  // A 2xx whose body is not JSON at all (a proxy's page): nothing to hand over as data.
  if (payload === undefined) throw new BffError(502, "invalid_response", wording.invalid);
  return payload as T;
}

type Envelope = { code: string; message: string; field?: string; upstream_code?: string };

/** The error envelope (docs/architecture.md) checked by hand, so the browser needs no schema library for it. */
function envelopeOf(payload: unknown): Envelope | null {
  const error = isObject(payload) ? payload.error : undefined;
  if (!isObject(error) || typeof error.code !== "string" || typeof error.message !== "string") return null;
  if (error.field !== undefined && typeof error.field !== "string") return null;
  // The payments API's own code is shown as data: only in the shape the server lets through.
  const upstream = error.upstream_code;
  if (upstream !== undefined && (typeof upstream !== "string" || !UPSTREAM_CODE_PATTERN.test(upstream))) return null;
  return { code: error.code, message: error.message, field: error.field, upstream_code: upstream };
}

function isApprovalPending(payload: unknown): payload is { kind: "approval_pending"; approval: Approval } {
  return (
    isObject(payload) && payload.kind === "approval_pending" && isObject(payload.approval) && typeof payload.approval.action === "string"
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `Retry-After` as an absolute time, bounded (retryAtOfHeader): a proxy in front may send either form. */
function retryAtOf(response: Response): number | undefined {
  return retryAtOfHeader(response.headers.get("Retry-After"));
}

/**
 * Ask again only when the back-office could not be reached at all, and only once. A timeout (504) or
 * an unavailable payments API (502/503) has already cost the server its whole deadline: asking again
 * would leave staff before a skeleton for several deadlines and send the upstream another request.
 * An answer that names a time to ask again (an open circuit breaker, a lost database) is waited for by
 * the view itself.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof BffError && error.code === "network_error" && failureCount < 1;
}
