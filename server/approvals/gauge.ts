import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { approvalActions } from "@/lib/approvals/actions";
import { approvals } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { metrics } from "@/server/observability/metrics";

/** Sets `approvals_pending{action}` from the database, so every instance reports the same shared queue. */
export async function readApprovalsPending(db: Db): Promise<void> {
  const rows = await db
    .select({ action: approvals.action, n: sql<number>`count(*)::int` })
    .from(approvals)
    .where(and(eq(approvals.status, "pending"), sql`${approvals.expiresAt} > now()`))
    .groupBy(approvals.action);
  const gauge = metrics().approvalsPending;
  for (const action of approvalActions) gauge.set({ action }, Number(rows.find((r) => r.action === action)?.n ?? 0));
}
