import "server-only";

/** FNV-1a: a stable 32-bit seed from a string. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const totals = new WeakMap<readonly { weight: number }[], number>();

function totalWeight(items: readonly { weight: number }[]): number {
  let total = totals.get(items);
  if (total === undefined) {
    total = items.reduce((sum, item) => sum + item.weight, 0);
    totals.set(items, total);
  }
  return total;
}

/**
 * mulberry32: tiny, fast and deterministic, so any single item can be regenerated from its seed.
 * A class, not closures: one instance per generated transaction, 200,000 at a time.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<T extends { weight: number }>(items: readonly T[]): T {
    let roll = this.next() * totalWeight(items);
    for (const item of items) {
      roll -= item.weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1]!;
  }
}
