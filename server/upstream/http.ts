import "server-only";
import type { z } from "zod";
import { isAppError } from "@/lib/errors";
import { log } from "@/server/log";
import { mapUpstreamError, upstreamErrors } from "./error-mapping";
import { buildPath } from "./path";
import type { TokenCache } from "./token-cache";

export type Transport = (request: Request) => Promise<Response>;

export type HttpConfig = {
  baseUrl: string;
  transport: Transport;
  tokens: TokenCache;
  timeoutMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export type Operation<T> = {
  method: "GET" | "POST";
  template: string;
  params?: Record<string, string>;
  body?: unknown;
  schema: z.ZodType<T>;
  /** GETs are retried unless this is false: a rate-limited check would spend its one call on the retry. */
  retry?: boolean;
};

export type UpstreamResult<T> = { status: number; data: T; headers: Headers };

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const MAX_GET_RETRIES = 2;

class DeadlineExceeded extends Error {}

/** Resolves with `promise` or rejects once the call's overall deadline has passed. */
function beforeDeadline<T>(promise: Promise<T>, remainingMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), Math.max(0, remainingMs));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * One upstream call. The deadline bounds the whole call, retries and token acquisition included.
 * GETs are retried on network errors and 502/503/504 with jittered backoff; POSTs never are,
 * because a POST that reached the API may have taken effect. A 401 means the request was refused
 * unprocessed, so any method is replayed once with a fresh token; a second 401 is a 502.
 */
export async function callUpstream<T>(config: HttpConfig, op: Operation<T>): Promise<UpstreamResult<T>> {
  const now = config.now ?? Date.now;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = config.random ?? Math.random;
  const url = config.baseUrl + buildPath(op.template, op.params);
  const deadline = now() + config.timeoutMs;
  const remaining = () => deadline - now();
  let retries = 0;
  let replayedAfter401 = false;
  const retryable = op.method === "GET" && op.retry !== false;

  try {
    for (;;) {
      if (remaining() <= 0) throw new DeadlineExceeded();
      const token = await beforeDeadline(config.tokens.get(), remaining());
      const controller = new AbortController();
      let response: Response;
      try {
        response = await beforeDeadline(
          config.transport(
            new Request(url, {
              method: op.method,
              headers: {
                Accept: "application/json",
                Authorization: `Bearer ${token}`,
                ...(op.body !== undefined ? { "Content-Type": "application/json" } : {}),
              },
              body: op.body !== undefined ? JSON.stringify(op.body) : undefined,
              redirect: "manual",
              signal: controller.signal,
            }),
          ),
          remaining(),
        );
      } catch (error) {
        controller.abort();
        if (error instanceof DeadlineExceeded || isAppError(error)) throw error;
        if (retryable && retries < MAX_GET_RETRIES) {
          await sleep(backoffMs(retries++, random, remaining()));
          continue;
        }
        throw upstreamErrors.unreachable(error);
      }

      if (response.status >= 300 && response.status < 400) {
        discard(response);
        throw upstreamErrors.redirected();
      }
      if (response.status === 401) {
        discard(response);
        if (replayedAfter401) throw upstreamErrors.authFailed();
        config.tokens.invalidate(token);
        replayedAfter401 = true;
        continue;
      }
      if (retryable && RETRYABLE_STATUSES.has(response.status) && retries < MAX_GET_RETRIES) {
        discard(response);
        await sleep(backoffMs(retries++, random, remaining()));
        continue;
      }
      const text = await beforeDeadline(response.text(), remaining());
      const body = parseJson(text);
      if (!response.ok) throw mapUpstreamError(response.status, body.ok ? body.value : undefined);
      if (!body.ok) throw upstreamErrors.invalidResponse();
      const parsed = op.schema.safeParse(body.value);
      if (!parsed.success) {
        log.warn({ operation: `${op.method} ${op.template}`, issues: parsed.error.issues.map((i) => i.path.join(".")) }, "upstream response failed validation");
        throw upstreamErrors.invalidResponse();
      }
      return { status: response.status, data: parsed.data, headers: response.headers };
    }
  } catch (error) {
    if (error instanceof DeadlineExceeded) throw upstreamErrors.timeout();
    throw error;
  }
}

/** Exponential backoff with full jitter, never sleeping past the deadline. */
function backoffMs(attempt: number, random: () => number, remainingMs: number): number {
  const ceiling = 100 * 2 ** attempt;
  return Math.max(0, Math.min(remainingMs - 1, Math.round(ceiling * (0.5 + random()))));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Drops a body we will not read; not awaited, since cancelling an undici stream can wait on the peer. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}
