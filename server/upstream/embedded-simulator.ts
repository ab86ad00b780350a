import "server-only";
import { env } from "@/server/env";
import { createSimulator, type Simulator, type VerificationDecisionEvent } from "@/server/simulator";

type DecisionListener = (event: VerificationDecisionEvent) => unknown;

const globalForSimulator = globalThis as unknown as { __embeddedSimulator?: Simulator; __embeddedDecisionListener?: DecisionListener };

/**
 * The in-process sandbox used when BUSINESS_API_BASE_URL is unset. Kept on globalThis so that
 * dev-mode module reloading does not reset its state (balances, verifications) mid-session.
 * Its verification decisions go to whichever listener start-up registered (the webhook receiver).
 */
export function embeddedSimulator(): Simulator {
  globalForSimulator.__embeddedSimulator ??= createSimulator({
    // The sandbox pages its card lists exactly when the app is configured to ask for pages.
    listPaging: env().listPaging,
    onVerificationDecision: (event) => void globalForSimulator.__embeddedDecisionListener?.(event),
  });
  return globalForSimulator.__embeddedSimulator;
}

/** Where the embedded simulator's decisions go; on globalThis because start-up and routes are bundled apart. */
export function onEmbeddedVerificationDecision(listener: DecisionListener): void {
  globalForSimulator.__embeddedDecisionListener = listener;
}
