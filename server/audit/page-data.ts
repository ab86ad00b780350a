import "server-only";
import { parseAuditFilters, type AuditPageData } from "@/lib/audit/filters";
import { searchParamsRecord } from "@/lib/route-params";
import type { Db } from "@/server/db/types";
import { filterChoices, listAudit } from "./query";

/**
 * The audit page's data from its URL: the valid filters applied, the others explained, then one
 * keyset page. The form always sends `tz`; an address without one reads its days in `savedZone`
 * (the member's choice), else UTC.
 */
export async function loadAuditPage({
  db,
  input,
  savedZone = null,
}: {
  db: Db;
  input: Record<string, string | string[] | undefined>;
  savedZone?: string | null;
}): Promise<AuditPageData> {
  const raw = searchParamsRecord(input);
  const { query, errors } = parseAuditFilters(raw);
  const { staff, action, outcome, from, to } = query;
  const tz = query.tz ?? savedZone ?? "UTC";
  const [page, choices] = await Promise.all([listAudit(db, { ...query, tz }), filterChoices(db)]);
  return { filters: { staff, action, outcome, from, to, tz: query.tz }, appliedZone: tz, errors, raw, page, choices };
}
