import "server-only";
import { randomBytes } from "node:crypto";
import type { BvnRecord } from "@/lib/schemas/bvn";

/** How long the full result of a lookup can be revealed without a second (billable) upstream call. */
export const REVEAL_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 2_000;

type Cached = { staffId: string; record: BvnRecord; purpose: string; expiresAt: number };

// In process memory only: the record never touches the database or the disk, and is gone on expiry
// or restart. With several app instances a reveal must reach the instance that made the lookup.
const store = ((globalThis as { __bvnRevealCache?: Map<string, Cached> }).__bvnRevealCache ??= new Map<string, Cached>());

function sweep(now: number): void {
  for (const [id, entry] of store) if (entry.expiresAt <= now) store.delete(id);
}

/** Keeps the full record for REVEAL_TTL_MS, bound to the staff member who looked it up. */
export function rememberLookup(input: { staffId: string; record: BvnRecord; purpose: string }, now = Date.now()): { lookupId: string; expiresAt: Date } {
  sweep(now);
  // Oldest first in a Map: past the cap the oldest result is dropped rather than memory growing.
  while (store.size >= MAX_ENTRIES) {
    const oldest = store.keys().next().value;
    if (oldest === undefined) break;
    store.delete(oldest);
  }
  const lookupId = randomBytes(18).toString("base64url");
  const expiresAt = now + REVEAL_TTL_MS;
  store.set(lookupId, { ...input, expiresAt });
  setTimeout(() => store.delete(lookupId), REVEAL_TTL_MS).unref?.();
  return { lookupId, expiresAt: new Date(expiresAt) };
}

/** The cached lookup, or null when it expired, never existed, or belongs to someone else. */
export function recallLookup(lookupId: string, staffId: string, now = Date.now()): Omit<Cached, "staffId"> | null {
  const entry = store.get(lookupId);
  if (!entry) return null;
  if (entry.expiresAt <= now) {
    store.delete(lookupId);
    return null;
  }
  if (entry.staffId !== staffId) return null;
  return { record: entry.record, purpose: entry.purpose, expiresAt: entry.expiresAt };
}
