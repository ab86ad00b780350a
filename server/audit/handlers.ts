import "server-only";
import type { AuditQuery } from "@/lib/schemas/audit";
import type { StaffMember } from "@/server/auth/staff-repo";
import type { HandlerContext } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";
import { auditCsvStream } from "./export";
import { listAudit } from "./query";
import { verifyAuditChain } from "./verify";
import { writeAudit } from "./writer";

type Ctx = HandlerContext<Record<string, never>, undefined, AuditQuery>;

/** Without a `tz`, days are read in the member's saved zone, else UTC: the zone the page would send. */
const zoneOf = (query: AuditQuery, staff: StaffMember) => query.tz ?? staff.timeZone ?? "UTC";

export async function auditListHandler({ query, staff }: Ctx) {
  return listAudit(await db(), { ...query, tz: zoneOf(query, staff) });
}

export async function auditChainHandler() {
  return verifyAuditChain(await db());
}

/** The export is itself audited: who took a copy of the trail, with which filters. */
export async function auditExportHandler({ query, staff, requestId }: Ctx) {
  const { staff: staffFilter, action, outcome, from, to } = query;
  const filters = { staff: staffFilter, action, outcome, from, to, tz: zoneOf(query, staff) };
  const database = await db();
  await writeAudit({ actor: { id: staff.id, email: staff.email, role: staff.role }, action: "audit.export", target: "audit_log", outcome: "success", requestId, detail: { filters } }, database);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(database, filters), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-trail-${stamp}.csv"` },
  });
}
