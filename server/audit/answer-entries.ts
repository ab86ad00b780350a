import "server-only";
import type { Db } from "@/server/db/types";
import { type AuditEntry, writeAudit } from "./writer";

/**
 * Records what an answer gives away (a reveal's `bvn.reveal` entry), handed to a route's handler.
 * A handler writes such an entry through it, not writeAudit, so that it lands only with an answer
 * that is sent, and with the approval's use that let it (server/approvals/hold.ts runOnGrant).
 */
export type AuditAnswer = (entry: AuditEntry) => Promise<void>;

/**
 * Holds the entries a handler gives its `auditAnswer` until its answer is known to be sent; `write`
 * then appends them together, in a transaction of their own or inside the caller's.
 */
export function heldAnswerEntries(): { auditAnswer: AuditAnswer; write: (db: Db) => Promise<void> } {
  const entries: AuditEntry[] = [];
  return {
    auditAnswer: async (entry) => void entries.push(entry),
    write: async (db) => {
      if (entries.length === 0) return;
      await db.transaction(async (tx) => {
        for (const entry of entries) await writeAudit({ db: tx, ...entry });
      });
    },
  };
}
