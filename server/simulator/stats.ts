import "server-only";
import type { SimulatorStats } from "./types";

/** Counts requests per operation, including those answered with an error or a fault. */
export function createStats(): SimulatorStats & { increment(operation: string): void } {
  let counts = new Map<string, number>();
  return {
    increment(operation) {
      counts.set(operation, (counts.get(operation) ?? 0) + 1);
    },
    count: (operation) => counts.get(operation) ?? 0,
    all: () => Object.fromEntries(counts),
    reset() {
      counts = new Map();
    },
  };
}
