import "server-only";
import { parseAuditFilters, type AuditPageData } from "@/lib/audit/filters";
import { searchParamsRecord } from "@/lib/route-params";
import { db } from "@/server/db/client";
import { filterChoices, listAudit } from "./query";

/**
 * The audit page's data from its URL: the valid filters applied, the others explained, then one
 * keyset page. The form always sends `tz`; an address without one reads its days in `savedZone`
 * (the member's choice), else UTC.
 */
export async function loadAuditPage(searchParams: Record<string, string | string[] | undefined>, savedZone: string | null = null): Promise<AuditPageData> {
  const raw = searchParamsRecord(searchParams);
  const { query, errors } = parseAuditFilters(raw);
  const database = await db();
  const { staff, action, outcome, from, to } = query;
  const tz = query.tz ?? savedZone ?? "UTC";
  const [page, choices] = await Promise.all([listAudit(database, { ...query, tz }), filterChoices(database)]);
  return { filters: { staff, action, outcome, from, to, tz: query.tz }, appliedZone: tz, errors, raw, page, choices };
}
