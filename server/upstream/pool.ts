import "server-only";
import { Pool, type Dispatcher } from "undici";
import {
  answerTooLarge,
  DeadlineExceeded,
  MAX_WHOLE_BODY_BYTES,
  msUntil,
  readCapped,
  retryAfterOf,
  type Transport,
  type UpstreamRequest,
} from "./transport";

/**
 * Sockets kept open to the upstream. Enough for the BFF's concurrency on one instance; more would
 * only queue inside the upstream. Requests beyond it wait in the pool for a free socket.
 */
export const UPSTREAM_POOL_CONNECTIONS = 16;

/**
 * The transport for a real upstream: one keep-alive undici `Pool` for its origin. Redirects are
 * not followed: neither `dispatch()` nor `request()` follows them unless told to.
 *
 * A whole answer goes through `dispatch()` with a handler that gathers the bytes: one promise and
 * one timer per call, no AbortController, stream or body mixin. Inside Next on Node 20 every
 * promise and async resource also runs the AsyncLocalStorage hooks, so `request()` with its
 * readable body cost two to three times as much of the app's thread per call (see docs/benchmarks.md).
 */
export function poolTransport(baseUrl: string, connections = UPSTREAM_POOL_CONNECTIONS): Transport {
  const base = new URL(baseUrl);
  const origin = base.origin;
  // Every URL a call makes starts with baseUrl as configured; what follows goes after its path.
  const prefix = base.pathname.replace(/\/$/, "");
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  // undici hands over the bytes as sent and never undoes a content coding, while a request with no
  // Accept-Encoding lets the server pick any (RFC 9110 §12.5.3): gzip would reach JSON.parse. Set
  // here, where every call passes (`POST /auth` too), streamed or whole.
  const options = (req: UpstreamRequest): Dispatcher.DispatchOptions => {
    if (!req.url.startsWith(baseUrl)) throw new Error("The pooled transport only reaches its own base URL.");
    assertSendableHeaders(req.headers);
    const headers = { ...req.headers, "accept-encoding": "identity" };
    return { origin, path: prefix + req.url.slice(baseUrl.length), method: req.method, headers, body: req.body };
  };

  return {
    whole: (req) =>
      new Promise((resolve, reject) => {
        const dispatch = options(req);
        const chunks: Buffer[] = [];
        let size = 0;
        let status = 0;
        let headers: ReturnType<typeof retryAfterOf> = {};
        let controller: Dispatcher.DispatchController | undefined;
        let settled = false;
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          controller?.abort(error);
          reject(error);
        };
        const timer = setTimeout(() => fail(new DeadlineExceeded()), msUntil(req.deadlineAt));
        pool.dispatch(dispatch, {
          onRequestStart(c) {
            controller = c;
            // Given up while it waited for a socket: it must not go out at all.
            if (settled) c.abort(new DeadlineExceeded());
          },
          onResponseStart(_c, statusCode, responseHeaders) {
            status = statusCode;
            headers = retryAfterOf(responseHeaders);
          },
          onResponseData(_c, chunk) {
            size += chunk.length;
            if (size > MAX_WHOLE_BODY_BYTES) return fail(answerTooLarge());
            chunks.push(chunk);
          },
          onResponseEnd() {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({ status, body: Buffer.concat(chunks, size).toString("utf8"), ...headers });
          },
          onResponseError(_c, error) {
            fail(error);
          },
        });
      }),

    streamed: async (req) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), msUntil(req.deadlineAt));
      try {
        const { statusCode, headers, body } = await pool.request({ ...options(req), signal: controller.signal });
        return {
          status: statusCode,
          ...retryAfterOf(headers),
          chunks: body,
          readText: () => readCapped(body),
          abort: () => controller.abort(),
        };
      } catch (error) {
        if (controller.signal.aborted) throw new DeadlineExceeded();
        throw error;
      } finally {
        // The wait for the answer is bounded here; reading its body is bounded by the caller.
        clearTimeout(timer);
      }
    },
  };
}

// A field value as HTTP/1.1 carries it: visible ASCII, spaces and tabs (RFC 9110 §5.5, without obs-text).
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * Refuses, before dispatch, a header value HTTP cannot carry (a line break, a NUL, a non-ASCII
 * character). Such a value can come from the upstream itself (its access token), and undici, handed
 * one, fails the call without freeing its place in the pool: sixteen of them and every later call
 * waits for its deadline.
 */
function assertSendableHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers))
    if (!FIELD_VALUE.test(value)) throw new Error(`The ${name} header holds a character HTTP cannot send; the call was not made.`);
}
