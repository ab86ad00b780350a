import "server-only";
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

type Upstream = { api: UpstreamApi; tokens: TokenCache; breaker: CircuitBreaker };

/**
 * Every operation goes through the breaker of its class (method and path template) before it asks
 * for a token, so an open circuit neither waits for a deadline nor sends `POST /auth`.
 */
export function createUpstream(setup: UpstreamSetup, breaker = new CircuitBreaker()): Upstream {
  // Metrics and spans of every call are taken here, around the transport: one place for all operations.
  const tokens = new TokenCache({
    acquire: () =>
      countTokenAcquisition(observeUpstreamCall(AUTH_OPERATION, setup.transport, (transport) => acquireToken({ ...setup, transport }))),
    onSharedWait: countTokenWait,
  });
  const api = createOperations((op) =>
    breaker.run(`${op.method} ${op.template}`, () =>
      observeUpstreamCall(op, setup.transport, (transport) =>
        callUpstream({ baseUrl: setup.baseUrl, transport, tokens, timeoutMs: setup.timeoutMs }, op),
      ),
    ),
  );
  return { api, tokens, breaker };
}

const globalForUpstream = globalThis as unknown as { __upstream?: Upstream };

/** The process-wide client: one token cache (and so one `POST /auth` at a time) for every request. */
export function upstream(): UpstreamApi {
  return processClient().api;
}

/** The business's bearer token from the process-wide cache (readiness asks whether one can be had). */
export function upstreamToken(): Promise<string> {
  return processClient().tokens.get();
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
