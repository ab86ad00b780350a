import "server-only";
import type { CardTransactionCache } from "./card-transaction-cache";
import type { SimulatorState } from "./state";
import type { TokenAuthority } from "./token";
import type { SimulatorCredentials, SimulatorListPaging } from "./types";
import type { VerificationEngine } from "./verification";

export type ResolvedConfig = {
  credentials: SimulatorCredentials;
  tokenLifetimeSeconds: number;
  verificationCheckIntervalMs: number;
  verificationDecisionDelayMs: number;
  environment: "sandbox" | "production";
  listPaging: SimulatorListPaging;
};

/** What a handler gets: the request, its decoded path parameters and the simulator's parts. */
export type HandlerContext = {
  request: Request;
  params: Record<string, string>;
  /** The business the bearer token authenticates ("" for POST /auth, which has no token yet). */
  businessId: string;
  state: SimulatorState;
  config: ResolvedConfig;
  now: () => number;
  tokens: TokenAuthority;
  verification: VerificationEngine;
  cardTransactions: CardTransactionCache;
};

export type Handler = (ctx: HandlerContext) => Promise<Response> | Response;

/** A path parameter the route guarantees. */
export function param(ctx: HandlerContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`route has no parameter ${name}`);
  return value;
}
