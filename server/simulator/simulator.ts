import "server-only";
import { isValidPathParam, PATH_PARAM_MESSAGE } from "@/lib/path-params";
import { createCardTransactionCache } from "./card-transaction-cache";
import type { HandlerContext, ResolvedConfig } from "./context";
import { createFaults, delay, DroppedConnection, faultResponse } from "./faults";
import { HANDLERS } from "./handlers";
import { ApiFailure, generalError } from "./respond";
import { matchRoute } from "./routes";
import { SIMULATOR_CREDENTIALS } from "./seed/ids";
import { createState } from "./state";
import { createStats } from "./stats";
import { createTokenAuthority } from "./token";
import type { Simulator, SimulatorOptions } from "./types";
import { createVerificationEngine } from "./verification";

export type ResettableSimulator = Simulator & {
  /** Fresh seed state, no faults, zeroed stats; issued tokens stay valid (the signing key is kept). */
  reset(): void;
};

function resolveConfig(options: SimulatorOptions): ResolvedConfig {
  return {
    credentials: options.credentials ?? { ...SIMULATOR_CREDENTIALS },
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    verificationCheckIntervalMs: options.verificationCheckIntervalMs ?? 60_000,
    verificationDecisionDelayMs: options.verificationDecisionDelayMs ?? 20_000,
    environment: options.environment ?? "sandbox",
    listPaging: options.listPaging ?? "none",
  };
}

export function createSimulator(options: SimulatorOptions = {}): ResettableSimulator {
  const config = resolveConfig(options);
  const now = options.now ?? Date.now;
  let state = createState(config.credentials.businessId);
  const faults = createFaults();
  const stats = createStats();
  const tokens = createTokenAuthority({ lifetimeSeconds: config.tokenLifetimeSeconds, now });
  const cardTransactions = createCardTransactionCache();
  const verification = createVerificationEngine({
    getState: () => state,
    now,
    delayMs: config.verificationDecisionDelayMs,
    onDecision: options.onVerificationDecision,
  });

  async function handle(request: Request): Promise<Response> {
    verification.decideDue();
    const match = matchRoute(request.method, new URL(request.url).pathname);
    if (match.kind === "not-found") return generalError(404, "No such endpoint.", { path: new URL(request.url).pathname });
    if (match.kind === "method-not-allowed") {
      return generalError(
        405,
        "This endpoint does not accept that method.",
        { allowed: match.allowed },
        { Allow: match.allowed.join(", ") },
      );
    }
    const { operation, params } = match;
    stats.increment(operation);

    const fault = faults.take(operation);
    if (fault) {
      await delay(fault.latencyMs, request.signal);
      if (fault.effect) return faultResponse(fault.effect, operation);
    }

    let businessId = "";
    if (operation !== "POST /auth") {
      const subject = tokens.verifyBearer(request.headers.get("authorization"));
      if (!subject) {
        return generalError(
          401,
          "The bearer token is missing, invalid or expired.",
          {},
          { "WWW-Authenticate": 'Bearer realm="Business Payments API"' },
        );
      }
      businessId = subject;
    }
    for (const [name, value] of Object.entries(params)) {
      if (!isValidPathParam(value)) {
        return generalError(400, "Invalid path parameter.", { [name]: PATH_PARAM_MESSAGE });
      }
    }
    const ctx: HandlerContext = { request, params, businessId, state, config, now, tokens, verification, cardTransactions };
    return HANDLERS[operation](ctx);
  }

  return {
    async fetch(request) {
      try {
        return await handle(request);
      } catch (error) {
        if (error instanceof ApiFailure) return error.response;
        // The one way fetch fails: what undici does when the connection drops.
        if (error instanceof DroppedConnection) throw new TypeError("fetch failed", { cause: new Error("other side closed (simulated)") });
        return generalError(500, "The simulator failed to handle the request.", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    faults: { add: (spec) => faults.add(spec), clear: () => faults.clear(), list: () => faults.list() },
    stats: { count: (op) => stats.count(op), all: () => stats.all(), reset: () => stats.reset() },
    tick: () => verification.decideDue(),
    close: () => verification.close(),
    reset() {
      verification.close();
      state = createState(config.credentials.businessId);
      faults.clear();
      stats.reset();
    },
  };
}
