import "server-only";
import { UPSTREAM_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { type AppError, isAppError } from "@/lib/errors";
import { retryAfterSeconds, retryLater, retryLaterOf } from "@/lib/retry-later";

/** Consecutive failures (5xx, timeouts, no connection) of one operation class that open its breaker. */
export const BREAKER_FAILURE_THRESHOLD = 5;
/** The failures must fall within this window; older ones are forgotten. */
export const BREAKER_WINDOW_MS = 30_000;
/** How long an open breaker refuses before one probe call is let through (half-open). */
export const BREAKER_PAUSE_MS = 15_000;

/**
 * Failures that speak of the provider's health: an untyped 5xx, a timeout, no connection. A 4xx
 * (ours or the staff member's mistake), a rejected credential, an unreadable answer, a redirect and
 * a typed verification error (a 503 about one customer's documents, whose code the page needs) do
 * not: they would recur against a healthy provider, and must never keep staff from it.
 */
const HEALTH_FAILURES = new Set(["upstream_unavailable", "upstream_timeout", "upstream_error", "upstream_unreachable"]);

function isHealthFailure(error: unknown): boolean {
  return isAppError(error) && HEALTH_FAILURES.has(error.code);
}

type Circuit = { failures: number[]; openUntil: number; probing: boolean };

export type BreakerOptions = { threshold?: number; windowMs?: number; pauseMs?: number; now?: () => number };

/**
 * One circuit per operation class (an operation's method and path template), held in this
 * process: each instance learns the provider's state on its own. Closed, calls pass and health
 * failures are counted; `threshold` in a row within `windowMs` open it. Open, calls are refused at
 * once with 503 `upstream_unavailable` and `Retry-After`, nothing sent. After `pauseMs` one call
 * goes through as a probe while the others are still refused: its success closes the circuit, its
 * failure opens it for another pause.
 */
export class CircuitBreaker {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly pauseMs: number;
  private readonly now: () => number;

  constructor(options: BreakerOptions = {}) {
    this.threshold = options.threshold ?? BREAKER_FAILURE_THRESHOLD;
    this.windowMs = options.windowMs ?? BREAKER_WINDOW_MS;
    this.pauseMs = options.pauseMs ?? BREAKER_PAUSE_MS;
    this.now = options.now ?? Date.now;
  }

  async run<T>(operationClass: string, call: () => Promise<T>): Promise<T> {
    const circuit = this.circuitOf(operationClass);
    const now = this.now();
    let probe = false;
    if (circuit.openUntil > 0) {
      if (now < circuit.openUntil || circuit.probing) throw circuitOpen(circuit.openUntil > now ? circuit.openUntil : now + this.pauseMs);
      circuit.probing = true;
      probe = true;
    }
    try {
      const result = await call();
      this.succeeded(circuit);
      return result;
    } catch (error) {
      if (isHealthFailure(error)) this.failed(circuit, probe);
      else this.succeeded(circuit);
      throw error;
    } finally {
      if (probe) circuit.probing = false;
    }
  }

  /** When the circuit of that class lets a call through again (epoch ms), or null while closed. */
  openUntil(operationClass: string): number | null {
    const circuit = this.circuits.get(operationClass);
    return circuit && circuit.openUntil > 0 ? circuit.openUntil : null;
  }

  private circuitOf(operationClass: string): Circuit {
    let circuit = this.circuits.get(operationClass);
    if (!circuit) {
      circuit = { failures: [], openUntil: 0, probing: false };
      this.circuits.set(operationClass, circuit);
    }
    return circuit;
  }

  /** Any answer but a health failure proves the provider is there: the count starts again. */
  private succeeded(circuit: Circuit): void {
    circuit.failures = [];
    circuit.openUntil = 0;
  }

  private failed(circuit: Circuit, probe: boolean): void {
    const now = this.now();
    circuit.failures = [...circuit.failures.filter((at) => at > now - this.windowMs), now];
    if (probe || circuit.failures.length >= this.threshold) circuit.openUntil = now + this.pauseMs;
  }
}

/** The refusal of an open circuit: 503 with the time of the next attempt; nothing reached the upstream. */
function circuitOpen(retryAt: number): AppError {
  return fail(
    UPSTREAM_ERRORS,
    "upstream_unavailable",
    `The payments API is not answering; retrying in ${retryAfterSeconds(retryAt)} seconds.`,
    {
      cause: retryLater("circuit open", retryAt, false),
    },
  );
}

/** True for a breaker's refusal: the call was never sent, so it cannot have taken effect. */
export function refusedUnsent(error: unknown): boolean {
  const later = retryLaterOf(error);
  return later !== undefined && !later.sent;
}
