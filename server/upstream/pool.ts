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
  const { origin } = new URL(baseUrl);
  const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return async (req) => {
    const { statusCode, body } = await pool.request({
      origin,
      // The path and query as built by buildPath, after the base URL's origin.
      path: req.url.slice(origin.length),
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
