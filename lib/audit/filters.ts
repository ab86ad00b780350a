import { auditQuerySchema, type AuditQuery } from "../contracts/audit";

export type AuditFilterErrors = Partial<Record<keyof AuditQuery, string>>;

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
