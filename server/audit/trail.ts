import "server-only";
import type { AuditQuery } from "@/lib/contracts/audit";
import type { Db } from "@/server/db/types";
import { auditCsvStream, type SessionRecheck } from "./export";
import { listAudit } from "./query";
import { verifyAuditChain } from "./verify";
import { writeAudit, type StaffActor } from "./writer";

/** One page of the audit trail, filtered as the audit page asks. */
export async function listAuditTrail({ db, input }: { db: Db; input: AuditQuery }) {
  return listAudit(db, input);
}

/** Whether the hash chain of the trail is intact, and where it breaks if not. */
export async function checkAuditChain({ db }: { db: Db }) {
  return verifyAuditChain(db);
}

/** The export is itself audited: who took a copy of the trail, with which filters. */
export async function exportAuditTrail({
  db,
  actor,
  input,
  requestId,
  stillAllowed,
}: {
  db: Db;
  actor: StaffActor;
  input: AuditQuery;
  requestId: string;
  /** The member's session checked again before each batch of rows (route()'s `stillAdmitted`). */
  stillAllowed: SessionRecheck;
}) {
  const { staff: staffFilter, action, outcome, from, to, tz } = input;
  // The CSV's times are written in `tz` too; without one, UTC (the page's link always sends it).
  const filters = { staff: staffFilter, action, outcome, from, to, tz };
  await writeAudit({
    db,
    actor: { id: actor.id, email: actor.email, role: actor.role },
    action: "audit.export",
    target: "audit_log",
    outcome: "success",
    requestId,
    detail: { filters },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(db, filters, stillAllowed), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="audit-trail-${stamp}.csv"` },
  });
}
