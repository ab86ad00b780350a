import "server-only";
import type { UpstreamState } from "@/lib/contracts/ops";
import { env } from "@/server/env";
import { AUTH_OPERATION, countTokenAcquisition, countTokenWait, observeUpstreamCall } from "@/server/observability/upstream-calls";
import { embeddedSimulator } from "./embedded-simulator";
import { SIMULATOR_CREDENTIALS } from "@/server/simulator";
import { acquireToken } from "./auth";
import { callUpstream } from "./http";
import { fetchTransport, type Transport } from "./transport";
import { createOperations, type UpstreamApi } from "./operations";
import { poolTransport } from "./pool";
import { TokenCache } from "./token-cache";
import { CircuitBreaker } from "./circuit-breaker";

/** The embedded simulator is addressed under this root so the same URL building serves both. */
const EMBEDDED_BASE_URL = "http://simulator.internal/api/v1";

export type UpstreamSetup = {
  baseUrl: string;
  transport: Transport;
  credentials: { businessId: string; secretKey: string };
  timeoutMs: number;
};

type Upstream = { api: UpstreamApi; tokens: TokenCache; breaker: CircuitBreaker; state: () => UpstreamState };

/**
 * Every operation goes through the breaker of its class (method and path template) before it asks
 * for a token, so an open circuit neither waits for a deadline nor sends `POST /auth`.
 */
export function createUpstream(setup: UpstreamSetup, breaker = new CircuitBreaker()): Upstream {
  // What the calls made so far have shown, for readiness to report without a call of its own.
  let lastAuth: "ok" | "failed" | null = null;
  const classesCalled = new Set<string>();
  // Metrics and spans of every call are taken here, around the transport: one place for all operations.
  const tokens = new TokenCache({
    acquire: () =>
      countTokenAcquisition(
        observeUpstreamCall(AUTH_OPERATION, setup.transport, (transport) => acquireToken({ ...setup, transport })),
      ).then(
        (token) => {
          lastAuth = "ok";
          return token;
        },
        (error: unknown) => {
          lastAuth = "failed";
          throw error;
        },
      ),
    onSharedWait: countTokenWait,
  });
  const api = createOperations((op) => {
    const operationClass = `${op.method} ${op.template}`;
    classesCalled.add(operationClass);
    return breaker.run(operationClass, () =>
      observeUpstreamCall(op, setup.transport, (transport) =>
        callUpstream({ baseUrl: setup.baseUrl, transport, tokens, timeoutMs: setup.timeoutMs }, op),
      ),
    );
  });
  const state = (): UpstreamState => {
    if ([...classesCalled].some((operationClass) => breaker.openUntil(operationClass) !== null)) return "circuit_open";
    if (lastAuth === "failed") return "auth_failed";
    return lastAuth === "ok" ? "ok" : "unknown";
  };
  return { api, tokens, breaker, state };
}

const globalForUpstream = globalThis as unknown as { __upstream?: Upstream };

/** The process-wide client: one token cache (and so one `POST /auth` at a time) for every request. */
export function upstream(): UpstreamApi {
  return processClient().api;
}

/**
 * The payments API as this instance's own calls have found it, from state it already holds (no call
 * is made, no token asked for): `circuit_open` while a circuit breaker refuses some operation,
 * `auth_failed` when the last `POST /auth` failed (a wrong key, or the API down), `ok` once a token
 * was had, `unknown` before anything was called. Informational: readiness reports it, never fails on it.
 */
export function upstreamState(): UpstreamState {
  return globalForUpstream.__upstream?.state() ?? "unknown";
}

/** The process-wide breaker (one per instance: each learns the provider's state by itself). */
export function upstreamBreaker(): CircuitBreaker {
  return processClient().breaker;
}

function processClient(): Upstream {
  if (!globalForUpstream.__upstream) {
    const config = env();
    globalForUpstream.__upstream =
      config.upstream.kind === "http"
        ? createUpstream({
            baseUrl: config.upstream.baseUrl,
            transport: poolTransport(config.upstream.baseUrl),
            credentials: { businessId: config.upstream.businessId, secretKey: config.upstream.secretKey },
            timeoutMs: config.timeoutMs,
          })
        : createUpstream({
            baseUrl: EMBEDDED_BASE_URL,
            transport: fetchTransport((request) => embeddedSimulator().fetch(request)),
            credentials: SIMULATOR_CREDENTIALS,
            timeoutMs: config.timeoutMs,
          });
  }
  return globalForUpstream.__upstream;
}
