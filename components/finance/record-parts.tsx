import type { ReactNode } from "react";
import { Badge, statusTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem } from "@/components/ui/description-list";
import { isCredit } from "@/components/ui/money";
import { upstreamCode } from "@/lib/format/code-case";
import { codeText } from "@/lib/format/code-words";

/** A value with its label on one line, for the badges of a "Status and kind" card. */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
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

type Kind = { status: string | null; type: string | null; category: string | null };

/**
 * Status, type and category as badges, then the record's own description. `children` adds a
 * record's further kinds (a transaction's payment method) on the same line.
 */
export function StatusAndKindCard({
  record: r,
  description,
  children,
}: {
  record: Kind;
  description: string | null;
  children?: ReactNode;
}) {
  return (
    <Card title="Status and kind">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
        <Labelled label="Status">
          <Badge tone={statusTone(r.status)}>{codeText(upstreamCode(r.status)) || "—"}</Badge>
        </Labelled>
        <Labelled label="Type">
          <Badge tone={isCredit(r.type) ? "info" : "neutral"}>{codeText(upstreamCode(r.type)) || "—"}</Badge>
        </Labelled>
        <Labelled label="Category">
          <Badge>{codeText(r.category) || "—"}</Badge>
        </Labelled>
        {children}
      </div>
      {description ? <p className="mt-4 text-sm text-slate-700">{description}</p> : null}
    </Card>
  );
}

/** A further kind beside the badges of a StatusAndKindCard, as plain text. */
export function KindText({ label, value }: { label: string; value: string | null }) {
  return (
    <Labelled label={label}>
      <span className="text-slate-900">{codeText(value) || "—"}</span>
    </Labelled>
  );
}
