"use client";

import { Link } from "@/components/ui/link";
import { Fragment, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { splitDetail } from "@/lib/audit/technical-detail";
import { targetLink } from "@/lib/audit/target-link";
import type { EntryLabels } from "@/lib/audit/entry-labels";
import { codeText } from "@/lib/format/code-words";
import type { AuditEntryView } from "@/lib/contracts/audit";

const tone = { success: "success", denied: "warning", failure: "danger" } as const;

/** "bvnLast4" → "bvn last4", "fields_changed" → "fields changed": readable without a glossary. */
const words = (key: string) =>
  key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
/** A code from the payments API ("NOT_SUBMITTED") reads as its words, the code kept beside them. */
const show = (value: unknown) =>
  typeof value === "string" ? (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) ? codeText(value) : value) : JSON.stringify(value);

/**
 * Compact rows; each opens in place to show its detail in words, with the codes, hashes, full
 * target and request id (to quote to support) in its "Technical details" fold.
 */
export function AuditRows({ entries, labels }: { entries: AuditEntryView[]; labels: EntryLabels }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table caption="Audit entries" stackOnPhone>
      <THead>
        <TR>
          <TH>
            <span className="sr-only">Details</span>
          </TH>
          <TH>Time</TH>
          <TH>Who</TH>
          <TH>Action</TH>
          <TH>Target</TH>
          <TH>Outcome</TH>
        </TR>
      </THead>
      <TBody>
        {entries.map((e) => {
          const expanded = open.has(e.id);
          const link = targetLink(e);
          const detailId = `audit-detail-${e.id}`;
          return (
            <Fragment key={e.id}>
              <TR data-testid="audit-row" data-action={e.action}>
                {/* A chevron first on a desktop; on a phone a full-width worded button closing the row's card. */}
                <TD className="py-1.5 pr-0 max-md:order-last max-md:pt-2 md:w-8">
                  <button
                    type="button"
                    onClick={() => toggle(e.id)}
                    aria-expanded={expanded}
                    aria-controls={detailId}
                    aria-label={`${expanded ? "Hide" : "Show"} details of ${labels.action[e.action]} at ${e.occurredAt}`}
                    className="inline-flex items-center justify-center gap-2 rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 max-md:h-10 max-md:w-full max-md:border max-md:border-slate-200 max-md:text-sm max-md:font-medium max-md:text-slate-700 md:size-6"
                  >
                    <svg
                      viewBox="0 0 20 20"
                      className={`size-3.5 transition-transform ${expanded ? "rotate-90" : ""}`}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d="M7 5l5 5-5 5" />
                    </svg>
                    <span className="md:hidden">{expanded ? "Hide details" : "Show details"}</span>
                  </button>
                </TD>
                <TD label="Time" className="py-1.5">
                  {/* Date over time and zone: the longest zone labels ("GMT+13:45") must not widen the table. */}
                  <DateTime value={e.occurredAt} className="block max-w-[9.5rem] whitespace-normal! max-md:max-w-none" />
                </TD>
                <TD label="Who" className="py-1.5">
                  <span className="block max-w-[13rem] truncate max-md:max-w-[16rem]" title={e.actorEmail ?? undefined}>
                    {e.actorEmail ?? "—"}
                  </span>
                  {e.actorRole ? <span className="block text-xs text-slate-500">{labels.role[e.actorRole]}</span> : null}
                </TD>
                <TD label="Action" className="py-1.5">
                  <span className="block min-w-[8rem] break-words">{labels.action[e.action]}</span>
                </TD>
                <TD label="Target" mono className="py-1.5">
                  {link ? (
                    <Link
                      className="block max-w-[11rem] truncate max-md:max-w-[16rem] text-brand-700 underline"
                      href={link.href}
                      title={`${e.target ?? ""} — open ${link.label}`}
                    >
                      {e.target ?? link.label}
                    </Link>
                  ) : (
                    <span className="block max-w-[11rem] truncate max-md:max-w-[16rem]" title={e.target ?? undefined}>
                      {e.target ?? "—"}
                    </span>
                  )}
                </TD>
                <TD label="Outcome" className="py-1.5">
                  <Badge tone={tone[e.outcome]}>{labels.outcome[e.outcome]}</Badge>
                </TD>
              </TR>
              {expanded ? (
                <tr id={detailId} className="bg-slate-50">
                  <td colSpan={6} className="px-4 py-3">
                    <EntryDetail entry={e} link={link} labels={labels} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}

function EntryDetail({ entry, link, labels }: { entry: AuditEntryView; link: ReturnType<typeof targetLink>; labels: EntryLabels }) {
  const { plain, technical } = splitDetail(entry.detail);
  const all = [...plain, ...technical];
  const code = entry.detail && typeof entry.detail.code === "string" ? entry.detail.code : null;
  return (
    <div className="max-w-3xl space-y-2" data-testid="audit-detail">
      <dl className="grid grid-cols-[minmax(7rem,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">action</dt>
        <dd className="text-slate-900">{labels.action[entry.action]}</dd>
        {code ? (
          <>
            <dt className="text-slate-500">error</dt>
            <dd className="text-slate-900">{labels.error[code]}</dd>
          </>
        ) : null}
        {plain.map(([key, value]) => (
          <Fragment key={key}>
            <dt className="text-slate-500">{words(key)}</dt>
            <dd className="text-xs break-all text-slate-900">{show(value)}</dd>
          </Fragment>
        ))}
        {all.length === 0 ? (
          <>
            <dt className="text-slate-500">detail</dt>
            <dd className="text-slate-600">Nothing else was recorded.</dd>
          </>
        ) : null}
        <dt className="text-slate-500">target</dt>
        <dd className="text-xs break-all text-slate-900">
          {link ? (
            <Link className="text-brand-700 underline" href={link.href}>
              Open {link.label}
            </Link>
          ) : (
            (entry.target ?? "—")
          )}
        </dd>
      </dl>
      <details className="text-sm" data-testid="audit-technical">
        <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Technical details</summary>
        <dl className="mt-1 grid grid-cols-[minmax(7rem,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-slate-500">action code</dt>
          <dd className="font-mono text-xs break-all text-slate-900">{entry.action}</dd>
          <dt className="text-slate-500">outcome code</dt>
          <dd className="font-mono text-xs break-all text-slate-900">{entry.outcome}</dd>
          {technical.map(([key, value]) => (
            <Fragment key={key}>
              <dt className="text-slate-500">{words(key)}</dt>
              <dd className="font-mono text-xs break-all text-slate-900">{show(value)}</dd>
            </Fragment>
          ))}
          <dt className="text-slate-500">target</dt>
          <dd className="font-mono text-xs break-all text-slate-900">{entry.target ?? "—"}</dd>
          <dt className="text-slate-500">request id</dt>
          <dd className="font-mono text-xs break-all text-slate-900">
            {entry.requestId} <CopyButton value={entry.requestId} label="request id" />
          </dd>
          <dt className="text-slate-500">entry</dt>
          <dd className="font-mono text-xs text-slate-900">#{entry.id}</dd>
        </dl>
      </details>
    </div>
  );
}
