import "server-only";
import { searchParamsRecord } from "@/lib/route-params";
import { auditQuerySchema, type AuditFilters, type AuditPage } from "@/lib/schemas/audit";
import { db } from "@/server/db/client";
import { filterChoices, listAudit } from "./query";

export type AuditPageData =
  | { ok: true; filters: AuditFilters; page: AuditPage; choices: { staff: string[]; actions: string[] } }
  | { ok: false; message: string };

/** The audit page's data from its URL: filters validated, then one keyset page. */
export async function loadAuditPage(searchParams: Record<string, string | string[] | undefined>): Promise<AuditPageData> {
  const parsed = auditQuerySchema.safeParse(searchParamsRecord(searchParams));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The filters are not valid." };
  const database = await db();
  const { staff, action, outcome, from, to } = parsed.data;
  const [page, choices] = await Promise.all([listAudit(database, parsed.data), filterChoices(database)]);
  return { ok: true, filters: { staff, action, outcome, from, to }, page, choices };
}
