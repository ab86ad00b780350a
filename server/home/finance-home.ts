import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditLog, seenObjects } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { SeenItem, SimulatedCredit } from "@/lib/home/home-data";

const toItem = (r: typeof seenObjects.$inferSelect): SeenItem => ({
  kind: r.kind,
  id: r.id,
  label: r.label,
  reference: r.reference,
  accountNumber: r.accountNumber,
  amount: r.amount,
  currency: r.currency,
  seenAt: r.seenAt.toISOString(),
});

/** Collection accounts any staff member has opened, with the balance of the last read (newest read first). */
export async function openedCollections(db: Db, limit = 10): Promise<SeenItem[]> {
  const rows = await db.select().from(seenObjects).where(eq(seenObjects.kind, "collection")).orderBy(desc(seenObjects.seenAt)).limit(limit);
  return rows.map(toItem);
}

/** Transactions and bills read through the back-office whose upstream `report` flag was set. */
export async function reportedTransactions(db: Db, limit = 10): Promise<SeenItem[]> {
  const rows = await db
    .select()
    .from(seenObjects)
    .where(and(inArray(seenObjects.kind, ["transaction", "bill"]), eq(seenObjects.report, true)))
    .orderBy(desc(seenObjects.seenAt))
    .limit(limit);
  return rows.map(toItem);
}

/** The last simulated credits, from the audit log's `credit.simulate` entries (the one record of who did it). */
export async function recentCredits(db: Db, limit = 10): Promise<SimulatedCredit[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "credit.simulate"), inArray(auditLog.outcome, ["success", "failure"])))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const d = r.detail ?? {};
    const str = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      at: r.occurredAt.toISOString(),
      accountNumber: (r.target ?? "").replace(/^collection_account:/, ""),
      amount: typeof d.amount === "number" ? d.amount : null,
      reference: str(d.senderReference),
      transactionId: str(d.transactionId),
      staffEmail: r.actorEmail,
      outcome: r.outcome,
    };
  });
}
