import "server-only";
import { csvHeader, csvRows, type CsvColumn } from "@/lib/csv";
import type { AuditEntryView, AuditFilters } from "@/lib/contracts/audit";
import { auditActionLabel, auditOutcomeLabel, roleLabel } from "@/lib/format/labels";
import { formatZonedTimestamp } from "@/lib/time/zoned-day";
import type { Db } from "@/server/db/types";
import { maskSensitiveDeep } from "@/server/privacy";
import { allAudit } from "./query";

/** The columns for a zone: the time as wall time there with its offset, the header naming the zone. */
const columnsIn = (zone: string): CsvColumn<AuditEntryView>[] => [
  { header: "id", value: (e) => e.id },
  { header: `occurred_at (${zone})`, value: (e) => formatZonedTimestamp(e.occurredAt, zone) },
  { header: "staff", value: (e) => e.actorEmail },
  { header: "role", value: (e) => e.actorRole },
  { header: "role (words)", value: (e) => roleLabel(e.actorRole) },
  { header: "action", value: (e) => e.action },
  { header: "action (words)", value: (e) => auditActionLabel(e.action) },
  { header: "target", value: (e) => e.target },
  { header: "outcome", value: (e) => e.outcome },
  { header: "outcome (words)", value: (e) => auditOutcomeLabel(e.outcome) },
  { header: "request id", value: (e) => e.requestId },
  { header: "detail", value: (e) => (e.detail ? JSON.stringify(e.detail) : "") },
];

/**
 * The filtered trail as CSV, streamed batch by batch so a 100,000-row export never sits in memory
 * whole. Times are written in the filters' zone, the same one their dates were read in.
 */
export function auditCsvStream(db: Db, filters: AuditFilters): ReadableStream<Uint8Array> {
  const COLUMNS = columnsIn(filters.tz ?? "UTC");
  const encoder = new TextEncoder();
  const batches = allAudit(db, filters);
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark so spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvHeader(COLUMNS)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      // Masked by value on the way out too: entries written before the by-value rule existed.
      else controller.enqueue(encoder.encode(csvRows(maskSensitiveDeep(next.value), COLUMNS)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
