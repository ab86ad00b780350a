import "server-only";
import { createHash } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);

export type ChainedFields = {
  occurredAt: Date;
  requestId: string;
  actorStaffId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  target: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
  prevHash: string;
};

/** JSON with object keys sorted at every depth: jsonb reorders keys, and the hash must not care. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** SHA-256 over the previous entry's hash and every field of this one. */
export function entryHash(fields: ChainedFields): string {
  const f = fields;
  // Named one by one so a row's own id and hash (or any future column) never enter the hash.
  const payload = canonicalJson({
    occurredAt: f.occurredAt.toISOString(),
    requestId: f.requestId,
    actorStaffId: f.actorStaffId,
    actorEmail: f.actorEmail,
    actorRole: f.actorRole,
    action: f.action,
    target: f.target,
    outcome: f.outcome,
    detail: f.detail,
    prevHash: f.prevHash,
  });
  return createHash("sha256").update(payload).digest("hex");
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; brokenAtId: number; reason: string };

/** Walks entries in id order and reports the first one whose link or content no longer matches. */
export function checkChain(
  entries: Iterable<ChainedFields & { id: number; hash: string }>,
  startPrevHash = GENESIS_HASH,
  startChecked = 0,
): ChainCheck {
  let prev = startPrevHash;
  let checked = startChecked;
  for (const entry of entries) {
    if (entry.prevHash !== prev) return { ok: false, checked, brokenAtId: entry.id, reason: "link to the previous entry does not match" };
    if (entryHash(entry) !== entry.hash) return { ok: false, checked, brokenAtId: entry.id, reason: "content does not match its hash" };
    prev = entry.hash;
    checked++;
  }
  return { ok: true, checked };
}
