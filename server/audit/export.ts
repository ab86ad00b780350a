import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { csvFileStart, csvRows, type CsvColumn } from "@/lib/csv";
import type { AuditEntryView, AuditFilters } from "@/lib/contracts/audit";
import { auditActionLabel, auditOutcomeLabel, roleLabel } from "@/lib/format/labels";
import { formatZonedTimestamp } from "@/lib/time/zoned-day";
import type { Db } from "@/server/db/types";
import { maskSensitiveDeep } from "@/server/privacy";
import { allAudit } from "./query";

export const EXPORT_ENDED = "The export stopped: your session ended or no longer allows reading the audit trail.";

/** The exporting member's session checked again as route() checks it (by the caller: server/auth imports this folder). */
export type SessionRecheck = () => Promise<boolean>;

/**
 * The re-check run in the request's context, captured now: later batches are pulled by the
 * response, outside it, where the session cookie cannot be read.
 */
function inRequestContext(recheck: SessionRecheck): SessionRecheck {
  const inRequest = AsyncLocalStorage.snapshot();
  return () => inRequest(recheck);
}

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
 * `stillAllowed` is awaited before every batch: once the member is signed out, disabled, reset or
 * moved to a role without the capability, the stream ends with an error, no further row sent.
 */
export function auditCsvStream(db: Db, filters: AuditFilters, stillAllowed: SessionRecheck): ReadableStream<Uint8Array> {
  const COLUMNS = columnsIn(filters.tz ?? "UTC");
  const encoder = new TextEncoder();
  const batches = allAudit(db, filters);
  let headerSent = false;
  const recheck = inRequestContext(stillAllowed);
  const source: UnderlyingDefaultSource<Uint8Array> = {
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvFileStart(COLUMNS)));
        return;
      }
      if (!(await recheck())) {
        await batches.return(undefined);
        controller.error(new Error(EXPORT_ENDED));
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
  };
  // No batch is read ahead of the reader: each is checked and fetched only when asked for, so none
  // fetched before a revocation is delivered after it.
  return new ReadableStream(source, { highWaterMark: 0 });
}
