import "server-only";
import type { AuditQuery } from "@/lib/contracts/audit";
import type { Db } from "@/server/db/types";
import { auditCsvStream } from "./export";
import { listAudit } from "./query";
import { verifyAuditChain } from "./verify";
import { writeAudit, type StaffActor } from "./writer";

export async function auditListHandler(database: Db, query: AuditQuery) {
  return listAudit(database, query);
}

export async function auditChainHandler(database: Db) {
  return verifyAuditChain(database);
}

/** The export is itself audited: who took a copy of the trail, with which filters. */
export async function auditExportHandler(database: Db, staff: StaffActor, query: AuditQuery, requestId: string) {
  const { staff: staffFilter, action, outcome, from, to, tz } = query;
  // The CSV's times are written in `tz` too; without one, UTC (the page's link always sends it).
  const filters = { staff: staffFilter, action, outcome, from, to, tz };
  await writeAudit({ actor: { id: staff.id, email: staff.email, role: staff.role }, action: "audit.export", target: "audit_log", outcome: "success", requestId, detail: { filters } }, database);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(database, filters), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-trail-${stamp}.csv"` },
  });
}
