import "server-only";
import type { z } from "@/lib/validation/zod";
import { isAppError } from "@/lib/errors";
import { retryAtOfHeader } from "@/lib/retry-later";
import { log } from "@/server/log";
import { mapUpstreamError, upstreamErrors } from "./error-mapping";
import { parseJsonBody } from "./json-body";
import { buildPath } from "./path";
import type { TokenCache } from "./token-cache";
import { beforeDeadline, DeadlineExceeded, type StreamedResponse, type Transport, type WholeResponse } from "./transport";

export type HttpConfig = {
  baseUrl: string;
  transport: Transport;
  tokens: TokenCache;
  timeoutMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/**
 * A successful body is either parsed whole and checked by `schema`, or handed as a stream to
 * `read`, which parses and checks it as it arrives (a card's list can be 50 MB).
 */
type BodyReader<T> = { schema: z.ZodType<T>; read?: never } | { read: (body: AsyncIterable<Uint8Array>) => Promise<T>; schema?: never };

export type Operation<T> = {
  method: "GET" | "POST";
  template: string;
  params?: Record<string, string>;
  /** Query parameters, encoded by URLSearchParams (never concatenated into the URL by hand). */
  query?: Record<string, string>;
  /** An absolute time (ms) the call must also end by: several pages of one list share one deadline. */
  deadlineAt?: number;
  body?: unknown;
  /** GETs are retried unless this is false: a rate-limited check would spend its one call on the retry. */
  retry?: boolean;
} & BodyReader<T>;

export type UpstreamResult<T> = { status: number; data: T };

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const MAX_GET_RETRIES = 2;

/**
 * One upstream call. The deadline bounds the whole call, retries and token acquisition included.
 * GETs are retried on network errors and 502/503/504 with jittered backoff; POSTs never are,
 * because a POST that reached the API may have taken effect. An answer's `Retry-After` is a floor on
 * that wait: a GET is not retried before the time it names, nor at all when that is past the
 * deadline, and a 429 or 503 that names one passes it on (the BFF answers with `Retry-After`).
 * A 401 means the request was refused unprocessed, so any method is replayed once with a fresh
 * token; a second 401 is a 502.
 */
export async function callUpstream<T>(config: HttpConfig, op: Operation<T>): Promise<UpstreamResult<T>> {
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = config.random ?? Math.random;
  const query = op.query ? `?${new URLSearchParams(op.query).toString()}` : "";
  const url = config.baseUrl + buildPath(op.template, op.params) + query;
  const deadline = Math.min(now() + config.timeoutMs, op.deadlineAt ?? Number.POSITIVE_INFINITY);
  const remaining = () => deadline - now();
  let retries = 0;
  let replayedAfter401 = false;
  const retryable = op.method === "GET" && op.retry !== false;
  const body = op.body !== undefined ? JSON.stringify(op.body) : undefined;

  try {
    for (;;) {
      if (remaining() <= 0) throw new DeadlineExceeded();
      const token = config.tokens.fresh() ?? (await beforeDeadline(config.tokens.get(), remaining()));
      const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${token}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      // The transport keeps to the wall clock; `now` may be a test's.
      const request = { method: op.method, url, headers, body, deadlineAt: Date.now() + remaining() };
      let response: WholeResponse | StreamedResponse;
      try {
        response = op.read ? await config.transport.streamed(request) : await config.transport.whole(request);
      } catch (error) {
        if (error instanceof DeadlineExceeded || isAppError(error)) throw error;
        if (retryable && retries < MAX_GET_RETRIES) {
          await sleep(backoffMs(retries++, random, remaining()));
          continue;
        }
        throw upstreamErrors.unreachable(error);
      }

      if (response.status >= 300 && response.status < 400) {
        release(response);
        throw upstreamErrors.redirected();
      }
      if (response.status === 401) {
        release(response);
        if (replayedAfter401) throw upstreamErrors.authFailed();
        config.tokens.invalidate(token);
        replayedAfter401 = true;
        continue;
      }
      // On the wall clock, as the header's date is; only the wait is compared with the deadline.
      const retryAt = retryAtOfHeader(response.retryAfter ?? null);
      const askedToWaitMs = retryAt === undefined ? 0 : retryAt - Date.now();
      if (retryable && RETRYABLE_STATUSES.has(response.status) && retries < MAX_GET_RETRIES && askedToWaitMs < remaining()) {
        release(response);
        await sleep(Math.max(askedToWaitMs, backoffMs(retries++, random, remaining())));
        continue;
      }
      const ok = response.status >= 200 && response.status < 300;
      try {
        if (ok && op.read && "chunks" in response)
          return { status: response.status, data: await beforeDeadline(op.read(response.chunks), remaining()) };
        const text = "body" in response ? response.body : await beforeDeadline(response.readText(), remaining());
        const answer = ok && hasNoContent(response.status, text) ? { ok: true as const, value: {} } : parseJsonBody(text);
        if (!ok) throw mapUpstreamError(response.status, answer.ok ? answer.value : undefined, retryAt);
        if (!answer.ok) throw upstreamErrors.invalidResponse();
        const parsed = op.schema!.safeParse(answer.value);
        if (!parsed.success) {
          log.warn(
            { operation: `${op.method} ${op.template}`, issues: parsed.error.issues.map((i) => i.path.join(".")) },
            "upstream response failed validation",
          );
          throw upstreamErrors.invalidResponse();
        }
        return { status: response.status, data: parsed.data };
      } catch (error) {
        // A body left half-read (deadline, a bad row) must not keep its socket busy.
        release(response);
        if (error instanceof DeadlineExceeded || isAppError(error)) throw error;
        throw upstreamErrors.unreachable(error);
      }
    }
  } catch (error) {
    if (error instanceof DeadlineExceeded) throw upstreamErrors.timeout();
    throw error;
  }
}

/** Frees the socket of a streamed answer not read to its end; a whole one has nothing left to read. */
function release(response: WholeResponse | StreamedResponse): void {
  if ("abort" in response) response.abort();
}

/**
 * A success with no body (204, 205, an empty 200) tells nothing beyond its status, so its schema
 * is given `{}`: an answer whose fields are all optional (a contact update's) takes it, and one
 * that must name something (every read) still refuses it as invalid.
 */
function hasNoContent(status: number, text: string): boolean {
  return status === 204 || status === 205 || text.trim() === "";
}

/** Exponential backoff with full jitter, never sleeping past the deadline. */
function backoffMs(attempt: number, random: () => number, remainingMs: number): number {
  const ceiling = 100 * 2 ** attempt;
  return Math.max(0, Math.min(remainingMs - 1, Math.round(ceiling * (0.5 + random()))));
}
