import "server-only";
import type { KeyObject } from "node:crypto";
import { asc, gt } from "drizzle-orm";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { checkChain, GENESIS_HASH } from "./chain";
import type { CheckpointFile } from "./checkpoint-files";
import { openCheckpoint, type Checkpoint } from "./signed-note";

export type TrailVerdict =
  | { ok: true; entries: number; checkpoints: number; latest: (Checkpoint & { file: string }) | null }
  | { ok: false; kind: "bad_checkpoint"; file: string; problem: string }
  | { ok: false; kind: "entry_differs"; position: number; id: number; reason: string }
  | { ok: false; kind: "checkpoint_mismatch"; file: string; size: number; firstSuspect: number }
  | { ok: false; kind: "entries_missing"; file: string; size: number; entries: number };

type Input = { db: Db; files: CheckpointFile[]; publicKey: KeyObject; batch?: number };

/**
 * The auditor's check: every checkpoint signed by the key, then the chain walked from the first
 * entry, and at each checkpoint's size the head there must be the one that was signed. A row
 * edited in place breaks a link (named by position and id); a trail rewritten with recomputed
 * hashes keeps its links but not the signed head (named by the checkpoint, and the first entry
 * after the last checkpoint that still matched); a trail cut short lacks the entries a checkpoint
 * counted. Positions are 1-based in id order, as checkpoint sizes count them.
 */
export async function verifyTrail({ db, files, publicKey, batch = 5_000 }: Input): Promise<TrailVerdict> {
  const checkpoints: (Checkpoint & { file: string })[] = [];
  for (const file of files) {
    const opened = openCheckpoint(file.text, publicKey);
    if (!opened.ok) return { ok: false, kind: "bad_checkpoint", file: file.name, problem: opened.problem };
    checkpoints.push({ ...opened.checkpoint, file: file.name });
  }
  checkpoints.sort((a, b) => a.size - b.size);

  let prevHash = GENESIS_HASH;
  let position = 0;
  let afterId = 0;
  let next = 0;
  let lastMatched = 0;
  for (;;) {
    const entries = await db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(batch);
    for (const entry of entries) {
      const link = checkChain([entry], prevHash);
      if (!link.ok) return { ok: false, kind: "entry_differs", position: position + 1, id: entry.id, reason: link.reason };
      prevHash = entry.hash;
      position++;
      while (next < checkpoints.length && checkpoints[next]!.size === position) {
        const checkpoint = checkpoints[next]!;
        if (checkpoint.headHash !== prevHash)
          return { ok: false, kind: "checkpoint_mismatch", file: checkpoint.file, size: checkpoint.size, firstSuspect: lastMatched + 1 };
        lastMatched = position;
        next++;
      }
      afterId = entry.id;
    }
    if (entries.length < batch) break;
  }
  const beyond = checkpoints[next];
  if (beyond) return { ok: false, kind: "entries_missing", file: beyond.file, size: beyond.size, entries: position };
  return { ok: true, entries: position, checkpoints: checkpoints.length, latest: checkpoints.at(-1) ?? null };
}

const entries = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/** One line for the terminal and the audit page. */
export function describeVerdict(v: TrailVerdict): string {
  if (v.ok) {
    const latest = v.latest
      ? `; the latest, ${v.latest.file}, covers ${v.latest.size} (signed ${v.latest.signedAt.toISOString()}), ${entries(v.entries - v.latest.size)} since`
      : "";
    return `OK: ${entries(v.entries)}, chain intact, ${v.checkpoints} checkpoint${v.checkpoints === 1 ? "" : "s"} verified${latest}`;
  }
  switch (v.kind) {
    case "bad_checkpoint":
      return `FAILED: checkpoint ${v.file} does not verify: ${v.problem}`;
    case "entry_differs":
      return `FAILED: entry ${v.position} (id ${v.id}) differs: ${v.reason}`;
    case "checkpoint_mismatch":
      return `FAILED: the trail's first ${entries(v.size)} do not match checkpoint ${v.file}: rewritten at or after entry ${v.firstSuspect} (hashes recomputed)`;
    case "entries_missing":
      return `FAILED: entries missing: checkpoint ${v.file} counts ${entries(v.size)}, the trail has ${v.entries} (entries ${v.entries + 1} to ${v.size} are gone)`;
  }
}
