import type { AuditEntryView } from "@/lib/contracts/audit";
import { auditActionLabel, auditOutcomeLabel, errorCodeLabel, roleLabel } from "@/lib/format/labels";

/** The words for the codes on one page of the audit trail, by code. */
export type EntryLabels = {
  action: Record<string, string>;
  outcome: Record<string, string>;
  role: Record<string, string>;
  error: Record<string, string>;
};

/**
 * Named on the server for the entries shown, and handed to the rows: the rows are a client
 * component (each opens in place), and the label tables whole (every audit action) would otherwise
 * be on the audit page's first load.
 */
export function entryLabels(entries: readonly AuditEntryView[]): EntryLabels {
  const labels: EntryLabels = { action: {}, outcome: {}, role: {}, error: {} };
  for (const e of entries) {
    labels.action[e.action] = auditActionLabel(e.action);
    labels.outcome[e.outcome] = auditOutcomeLabel(e.outcome);
    if (e.actorRole) labels.role[e.actorRole] = roleLabel(e.actorRole);
    const code = e.detail && typeof e.detail.code === "string" ? e.detail.code : null;
    if (code) labels.error[code] = errorCodeLabel(code);
  }
  return labels;
}
