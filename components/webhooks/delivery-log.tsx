import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { MaybeLink } from "@/components/ui/maybe-link";
import { objectHref } from "@/lib/finance/object-href";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { focusRing } from "@/components/ui/cx";
import { deliveryOutcomeLabels, refusalReasonLabels, verificationStateLabel } from "@/lib/format/labels";
import type { BadgeToneName } from "@/lib/status-tones";
import type { DeliveryPage, DeliveryView } from "@/lib/webhooks/delivery-log";
import { exactJson } from "@/lib/format/exact-json";
import { ReapplyButton } from "./reapply-button";

const tone: Record<DeliveryView["outcome"], BadgeToneName> = {
  applied: "success",
  duplicate: "neutral",
  stale: "warning",
  unknown_customer: "warning",
  refused: "danger",
  failed: "danger",
};

const FILTERS = [
  { value: "all", label: "All" },
  { value: "refused", label: "Refused" },
  { value: "accepted", label: "Received" },
] as const;
export type DeliveryFilter = (typeof FILTERS)[number]["value"];

const hrefOf = (outcome: DeliveryFilter, cursor?: string) => {
  const params = new URLSearchParams();
  if (outcome !== "all") params.set("outcome", outcome);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `/webhooks?${query}` : "/webhooks";
};

/** A refusal's message in words: a status code it quotes ("expected NOT_SUBMITTED") reads as the state's name. */
const inWords = (text: string) =>
  text
    .replace(/"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)"/g, (_, code: string) => `"${verificationStateLabel(code)}"`)
    .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, (code) => verificationStateLabel(code));

/** "2.1 KB" / "312 bytes". */
const size = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`);

/**
 * The delivery log: newest first, a page at a time (the cursor is the last id shown). Payloads
 * arrive masked and bounded from the server; a refused, unauthenticated body was never kept.
 */
export function DeliveryLog({ page, outcome, paged }: { page: DeliveryPage; outcome: DeliveryFilter; paged: boolean }) {
  return (
    <Card
      title="Deliveries"
      description="Newest first. Kept 30 days (at most the newest 10,000). Payloads are shown masked; a body that failed its signature check or was too large is not kept."
      actions={
        <nav aria-label="Show" className="flex gap-1">
          {FILTERS.map((f) => (
            <Link
              key={f.value}
              href={hrefOf(f.value)}
              aria-current={f.value === outcome ? "page" : undefined}
              className={`rounded-md px-2.5 py-1 text-sm ${focusRing} ${f.value === outcome ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {f.label}
            </Link>
          ))}
        </nav>
      }
      flush
    >
      {page.deliveries.length === 0 ? (
        <EmptyState
          title={paged ? "No older deliveries" : "No deliveries yet"}
          message={
            paged
              ? "Everything older has passed the retention period, or there was nothing more."
              : "Nothing has been received from the payments API with this filter in the last 30 days."
          }
        />
      ) : (
        <Table caption="Incoming deliveries" stackOnPhone>
          <THead>
            <TR>
              <TH>Received</TH>
              <TH>Event</TH>
              <TH>Customer</TH>
              <TH>Outcome</TH>
              <TH>
                <span className="sr-only">Action</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {page.deliveries.map((d) => (
              <TR key={d.id} data-testid="delivery-row" data-outcome={d.outcome} className="align-top">
                <TD label="Received" className="md:w-44">
                  <DateTime value={d.receivedAt} />
                </TD>
                <TD label="Event" className="min-w-0 md:max-w-[14rem]">
                  <span className="block">
                    Verification decision
                    {d.status ? (
                      <>
                        {": "}
                        <span className="font-medium">{verificationStateLabel(d.status)}</span>
                      </>
                    ) : null}
                  </span>
                  {d.eventId ? (
                    <span className="block truncate font-mono text-xs text-slate-500" title={d.eventId}>
                      {d.eventId}
                    </span>
                  ) : (
                    <span className="block text-xs text-slate-500">body not kept ({size(d.payloadBytes)})</span>
                  )}
                </TD>
                <TD label="Customer" className="min-w-0 md:max-w-[11rem]">
                  {d.customerId ? (
                    <MaybeLink
                      href={objectHref("customer", d.customerId)}
                      className="block truncate rounded font-mono text-xs"
                      linkClassName="text-brand-700 underline"
                      title={d.customerId}
                    >
                      {d.customerId}
                    </MaybeLink>
                  ) : (
                    <span className="text-slate-500">Unknown</span>
                  )}
                </TD>
                <TD label="Outcome" className="min-w-0 md:max-w-[22rem]">
                  {/* An outcome is a phrase, not a word: on a phone's narrow column it wraps rather than runs out of the card. */}
                  <Badge tone={tone[d.outcome]} className="whitespace-normal!">
                    {deliveryOutcomeLabels[d.outcome]}
                  </Badge>
                  {d.refusal ? (
                    <span className="mt-1 block text-xs font-medium text-slate-800">{refusalReasonLabels[d.refusal]}</span>
                  ) : null}
                  {d.refusalDetail ? (
                    <span className="mt-0.5 block text-xs break-words text-slate-600">{inWords(d.refusalDetail)}</span>
                  ) : null}
                  {d.payload !== null ? (
                    <details className="mt-1 text-xs">
                      <summary className={`cursor-pointer rounded text-slate-600 ${focusRing}`}>Payload (masked)</summary>
                      <pre
                        className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 font-mono text-[11px] break-all whitespace-pre-wrap text-slate-800"
                        data-testid="delivery-payload"
                      >
                        {exactJson(d.payload)}
                      </pre>
                    </details>
                  ) : null}
                </TD>
                <TD label="Action" className="md:w-36">
                  {d.reapplied ? (
                    <span className="block text-xs text-slate-700" data-testid="reapplied">
                      Re-applied{d.reapplied.by ? ` by ${d.reapplied.by}` : ""} <DateTime value={d.reapplied.at} relative />:{" "}
                      {deliveryOutcomeLabels[d.reapplied.outcome]?.toLowerCase()}
                    </span>
                  ) : d.reapplicable ? (
                    <ReapplyButton id={d.id} />
                  ) : (
                    <span className="text-xs text-slate-500">Nothing to apply</span>
                  )}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {paged || page.nextCursor ? (
        <nav aria-label="Pages" className="flex justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm">
          {paged ? (
            <Link href={hrefOf(outcome)} className={`rounded text-brand-700 underline ${focusRing}`}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor ? (
            <Link href={hrefOf(outcome, page.nextCursor)} className={`rounded text-brand-700 underline ${focusRing}`} data-testid="older">
              Older deliveries →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
