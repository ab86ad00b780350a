import "server-only";
import { createSimulator, type Simulator } from "@/server/simulator";

const globalForSimulator = globalThis as unknown as { __embeddedSimulator?: Simulator };

/**
 * The in-process sandbox used when BUSINESS_API_BASE_URL is unset. Kept on globalThis so that
 * dev-mode module reloading does not reset its state (balances, verifications) mid-session.
 */
export function embeddedSimulator(): Simulator {
  globalForSimulator.__embeddedSimulator ??= createSimulator();
  return globalForSimulator.__embeddedSimulator;
}
