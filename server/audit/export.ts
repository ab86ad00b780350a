import "server-only";
import { csvHeader, csvRows, type CsvColumn } from "@/lib/csv";
import type { AuditEntryView, AuditFilters } from "@/lib/schemas/audit";
import type { Db } from "@/server/db/types";
import { allAudit } from "./query";

const COLUMNS: CsvColumn<AuditEntryView>[] = [
  { header: "id", value: (e) => e.id },
  { header: "time (UTC)", value: (e) => e.occurredAt },
  { header: "staff", value: (e) => e.actorEmail },
  { header: "role", value: (e) => e.actorRole },
  { header: "action", value: (e) => e.action },
  { header: "target", value: (e) => e.target },
  { header: "outcome", value: (e) => e.outcome },
  { header: "request id", value: (e) => e.requestId },
  { header: "detail", value: (e) => (e.detail ? JSON.stringify(e.detail) : "") },
];

/** The filtered trail as CSV, streamed batch by batch so a 100,000-row export never sits in memory whole. */
export function auditCsvStream(db: Db, filters: AuditFilters): ReadableStream<Uint8Array> {
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
      else controller.enqueue(encoder.encode(csvRows(next.value, COLUMNS)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
