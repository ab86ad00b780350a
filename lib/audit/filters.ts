import { auditQuerySchema, type AuditFilters, type AuditPage, type AuditQuery } from "@/lib/contracts/audit";

export type AuditFilterErrors = Partial<Record<keyof AuditQuery, string>>;

/** What the audit page shows: read on the server from its URL, drawn by the page's component. */
export type AuditPageData = {
  filters: AuditFilters;
  /** The zone the list's days were read in: the URL's `tz`, else the member's saved zone, else UTC. */
  appliedZone: string;
  /** Filters from the URL that were not applied, each with the reason, shown beside the form. */
  errors: AuditFilterErrors;
  /** The URL's values as typed, so a bad one can be corrected in place. */
  raw: Record<string, string>;
  page: AuditPage;
  choices: { staff: string[]; actions: string[] };
};

/**
 * The audit page's URL read leniently: a filter that is not valid is explained beside its field
 * and left out, the rest still apply. The JSON route and the export stay strict (400 naming the field).
 */
export function parseAuditFilters(raw: Record<string, string>): { query: AuditQuery; errors: AuditFilterErrors } {
  const errors: AuditFilterErrors = {};
  let input = { ...raw };
  // Each round drops the fields named by the issues; refinements that span two fields name one of them.
  for (let round = 0; round < 4; round++) {
    const parsed = auditQuerySchema.safeParse(input);
    if (parsed.success) return { query: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as keyof AuditQuery;
      if (!(field in input)) continue;
      errors[field] ??= issue.message;
      const { [field]: _dropped, ...rest } = input;
      input = rest;
    }
  }
  return { query: auditQuerySchema.parse({}), errors };
}
