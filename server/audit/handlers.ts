import "server-only";
import type { AuditQuery } from "@/lib/schemas/audit";
import { db } from "@/server/db/client";
import { auditCsvStream } from "./export";
import { listAudit } from "./query";
import { verifyAuditChain } from "./verify";
import { writeAudit, type StaffActor } from "./writer";

// Plain arguments, so that the audit folder does not depend on the route wrapper (which writes the audit).
export async function auditListHandler({ query }: { query: AuditQuery }) {
  return listAudit(await db(), query);
}

export async function auditChainHandler() {
  return verifyAuditChain(await db());
}

/** The export is itself audited: who took a copy of the trail, with which filters. */
export async function auditExportHandler({ query, staff, requestId }: { query: AuditQuery; staff: StaffActor; requestId: string }) {
  const { staff: staffFilter, action, outcome, from, to } = query;
  const filters = { staff: staffFilter, action, outcome, from, to };
  const database = await db();
  await writeAudit({ actor: staff, action: "audit.export", target: "audit_log", outcome: "success", requestId, detail: { filters } }, database);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(database, filters), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-trail-${stamp}.csv"` },
  });
}
