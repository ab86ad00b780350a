import type { ReactNode } from "react";
import { DateTime, DescriptionItem } from "@/components/ui";

/** A value with its label on one line, for the badges of a "Status and kind" card. */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="text-slate-600">{label}</span>
      {children}
    </span>
  );
}

type Reportable = { created_at: string | null; updated_at: string | null; report: boolean | null; report_message: string | null };

/** Created, last updated and the report flag, as every transaction-like viewer lists them. */
export function TimesAndReportItems({ record: r }: { record: Reportable }) {
  return (
    <>
      <DescriptionItem label="Created" value={<DateTime value={r.created_at} />} />
      <DescriptionItem label="Last updated" value={<DateTime value={r.updated_at} />} />
      <DescriptionItem label="Reported" value={r.report === null ? null : r.report ? "Yes" : "No"} />
      <DescriptionItem label="Report message" value={r.report_message} />
    </>
  );
}
