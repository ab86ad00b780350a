import "server-only";
import type { VerificationStatus } from "@/lib/schemas";

export type { VerificationStatus };

export const simulatorListPagingModes = ["none", "page-limit", "ignore-page"] as const;
export type SimulatorListPaging = (typeof simulatorListPagingModes)[number];

export type SimulatorCredentials = { businessId: string; secretKey: string };

export type VerificationDecisionEvent = {
  eventId: string;
  customerId: string;
  status: VerificationStatus;
  canCreateCard: boolean;
  decidedAt: string;
};

export type SimulatorOptions = {
  /** Default SIMULATOR_CREDENTIALS. */
  credentials?: SimulatorCredentials;
  /** Default 3600; tests use a few seconds. */
  tokenLifetimeSeconds?: number;
  /** GET card-verification is allowed once per this per customer, shared by all callers; default 60_000. */
  verificationCheckIntervalMs?: number;
  /** A PENDING verification is decided after this; default 20_000. */
  verificationDecisionDelayMs?: number;
  /** Default "sandbox"; in production the credit simulation answers 403. */
  environment?: "sandbox" | "production";
  /**
   * How GET /cards/{id}/transactions treats `page` and `limit`. Default "none" (the spec: the
   * whole list, parameters ignored); "page-limit" (the provider's public docs: page from 1,
   * limit 1..100, default 10); "ignore-page" (a faulty upstream: honours `limit`, always answers
   * the first page).
   */
  listPaging?: SimulatorListPaging;
  /** Injectable clock in ms; default Date.now. */
  now?: () => number;
  /** Called once per decided pending verification (webhook delivery is wired elsewhere). */
  onVerificationDecision?: (event: VerificationDecisionEvent) => void;
};

export type FaultSpec = {
  /** "METHOD /template" as in the spec's endpoint table, e.g. "GET /business", or "*" for every operation. */
  operation: string;
  latencyMs?: number;
  status?: number;
  /** The connection is dropped: `fetch` rejects with `TypeError("fetch failed")`. */
  drop?: boolean;
  /** The body is not JSON (status 200 unless `status` is also set). */
  malformed?: boolean;
  /** A 302 to another origin, which a careful client must not follow. */
  redirect?: boolean;
  /** This JSON body instead of the simulator's own answer (status 200 unless `status` is also set): a misbehaving upstream. */
  body?: unknown;
  /** How many matching requests it affects; default until cleared. */
  times?: number;
};

export interface FaultController {
  add(spec: FaultSpec): void;
  clear(): void;
  list(): FaultSpec[];
}

export interface SimulatorStats {
  count(operation: string): number;
  all(): Record<string, number>;
  reset(): void;
}

export interface Simulator {
  /** Handles a request whose URL path starts with /api/v1. Never throws except to simulate a dropped connection (`TypeError("fetch failed")`). */
  fetch(request: Request): Promise<Response>;
  faults: FaultController;
  stats: SimulatorStats;
  /** Decide due pending verifications now (also happens lazily on each request and by an unref'd timer). */
  tick(): void;
  /** Clears timers. */
  close(): void;
}
