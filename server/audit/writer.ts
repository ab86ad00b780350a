import "server-only";
import { desc } from "drizzle-orm";
import { ADVISORY_LOCKS, lockForTransaction } from "@/server/db/advisory-locks";
import { databaseNow } from "@/server/db/clock";
import { auditLog } from "@/server/db/schema";
import type { Role } from "@/lib/permissions";
import type { Db } from "@/server/db/types";
import { log } from "@/server/log";
import { maskSensitiveText } from "@/server/privacy";
import { countAuditAppend } from "@/server/observability/business-events";
import { evaluateAlertRules } from "./alert-rules";
import { entryHash, GENESIS_HASH } from "./chain";
import { redactDetail } from "./redact";

export type AuditActor = { id: string | null; email: string | null; role: string | null };
/** A signed-in staff member as the audit sees them (a StaffMember fits). */
export type StaffActor = { id: string; email: string; role: Role };
export type AuditOutcome = "success" | "denied" | "failure";
export type AuditEntry = {
  actor: AuditActor | null;
  action: string;
  /** What was acted on, already masked where it is personal (see redact.ts). */
  target?: string | null;
  outcome: AuditOutcome;
  requestId: string;
  detail?: Record<string, unknown> | null;
};

/** An entry with the database (or the caller's transaction) it is written to. */
export type AuditWrite = AuditEntry & { db: Db };

/**
 * Appends one entry, chained to the previous one by hash. The advisory lock serialises appends
 * across connections and instances, so the chain never forks. Throws if it cannot write:
 * an action that must be audited must not silently go unaudited. Then the security alert rules
 * the action can trip are evaluated (./alert-rules.ts; never failing the write).
 */
export async function writeAudit({ db, ...entry }: AuditWrite): Promise<void> {
  const occurredAt = await db.transaction(async (tx) => {
    // The database's clock, shared by every instance: windows counted over these entries (the BVN
    // quota's hour, the alert rules) are counted on it too, and one instance's slow clock must not
    // age its entries early. Inside the transaction on purpose: the entry takes the time of the change
    // it records (auditedChange). Read before the lock, as now() does not move within a transaction.
    const occurredAt = await databaseNow(tx);
    await lockForTransaction(tx, ADVISORY_LOCKS.auditAppend);
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const fields = {
      occurredAt,
      requestId: entry.requestId,
      actorStaffId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      actorRole: entry.actor?.role ?? null,
      action: entry.action,
      target: entry.target ? maskSensitiveText(entry.target) : null,
      outcome: entry.outcome,
      detail: entry.detail ? redactDetail(entry.detail) : null,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    // The very Date hashed is the one stored (a millisecond value, as the chain's ISO string keeps it).
    await tx.insert(auditLog).values({ ...fields, hash: entryHash(fields) });
    return occurredAt;
  });
  countAuditAppend(entry.action, entry.outcome);
  // After the append, outside its lock: the security alert rules count the entry just written.
  await evaluateAlertRules({ db, entry, at: occurredAt });
}

/** For audit entries that accompany a response already decided (a denial): log, never mask the answer. */
export async function writeAuditQuietly(entry: AuditWrite): Promise<void> {
  try {
    await writeAudit(entry);
  } catch (error) {
    log.error({ err: error, action: entry.action, requestId: entry.requestId }, "audit write failed");
  }
}
