import "server-only";
import { Pool } from "undici";
import type { Transport } from "./http";

/**
 * Sockets kept open to the upstream. Enough for the BFF's concurrency on one instance; more would
 * only queue inside the upstream. Requests beyond it wait in the pool for a free socket.
 */
export const UPSTREAM_POOL_CONNECTIONS = 16;

/**
 * The transport for a real upstream: one keep-alive undici `Pool` for its origin, called with
 * `request()` (no WHATWG `Request`/`Response` objects, no header copies). Redirects are not
 * followed: `request()` does not follow them unless told to.
 */
export function poolTransport(baseUrl: string, connections = UPSTREAM_POOL_CONNECTIONS): Transport {
  const base = new URL(baseUrl);
  const origin = base.origin;
  // Every URL a call makes starts with baseUrl as configured; what follows goes after its path.
  const prefix = base.pathname.replace(/\/$/, "");
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return async (req) => {
    if (!req.url.startsWith(baseUrl)) throw new Error("The pooled transport only reaches its own base URL.");
    const { statusCode, body } = await pool.request({
      origin,
      path: prefix + req.url.slice(baseUrl.length),
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
    });
    return {
      status: statusCode,
      text: () => body.text(),
      chunks: () => body,
      discard: () => void body.dump().catch(() => undefined),
    };
  };
}
