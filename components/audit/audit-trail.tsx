import { Link } from "@/components/ui/link";
import { SavedViews } from "@/components/views/saved-views";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/error-state";
import { Field, Input, Select } from "@/components/ui/field";
import { FiltersNotApplied } from "@/components/ui/filters-not-applied";
import { PageHeader } from "@/components/ui/page-header";
import type { AuditPageData } from "@/lib/audit/filters";
import { entryLabels } from "@/lib/audit/entry-labels";
import { auditOutcomes, filtersToSearch } from "@/lib/contracts/audit";
import { auditActionLabel, auditOutcomeLabel } from "@/lib/format/labels";
import { AuditRows } from "./audit-rows";
import { AuditExportLink, AuditZoneField } from "./audit-zone";
import { ChainStatus } from "./chain-status";
import { CheckpointStatus } from "./checkpoint-status";

const FILTER_LABELS: Record<string, string> = {
  staff: "Staff member",
  action: "Action",
  outcome: "Outcome",
  from: "From",
  to: "To",
  tz: "Time zone",
  before: "Page",
  after: "Page",
  limit: "Page size",
};

/** Filters are a plain GET form: they live in the URL, work without scripts and survive a reload. */
export function AuditTrail({ filters, appliedZone, errors, raw, page, choices }: AuditPageData) {
  const ignored = Object.entries(errors).map(([field, message]) => ({
    field,
    label: FILTER_LABELS[field] ?? field,
    value: raw[field] ?? "",
    message,
  }));
  const { tz: _zone, ...narrowing } = filters;
  const filtered = Object.values(narrowing).some((v) => v !== undefined);
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title="Audit trail"
        subtitle="Append-only; every entry is hash-chained to the one before."
        actions={
          <>
            <SavedViews page="audit" />
            <AuditExportLink filters={filters} />
          </>
        }
      />
      <ChainStatus />
      <CheckpointStatus />
      <Card title="Filters">
        {/* Keyed by the filters: its fields are uncontrolled, and opening a saved view changes the address without remounting the page. */}
        <form
          key={JSON.stringify(filters)}
          method="get"
          role="search"
          aria-label="Filter the audit trail"
          className="grid grid-cols-2 items-start gap-3 lg:grid-cols-5"
        >
          {/* On a phone the lists take the whole width (their "Any …" would be cut short) and the
              two dates share a row, so the entries start sooner. */}
          <Field label="Staff member" htmlFor="audit-staff" error={errors.staff} className="max-sm:col-span-2">
            <Select id="audit-staff" name="staff" defaultValue={filters.staff ?? ""}>
              <option value="">Anyone</option>
              {choices.staff.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </Field>
          <Field label="Action" htmlFor="audit-action" error={errors.action} className="max-sm:col-span-2">
            <Select id="audit-action" name="action" defaultValue={filters.action ?? ""}>
              <option value="">Any action</option>
              {choices.actions.map((a) => (
                <option key={a} value={a}>
                  {auditActionLabel(a)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Outcome" htmlFor="audit-outcome" error={errors.outcome} className="max-sm:col-span-2">
            <Select id="audit-outcome" name="outcome" defaultValue={filters.outcome ?? ""}>
              <option value="">Any outcome</option>
              {auditOutcomes.map((o) => (
                <option key={o} value={o}>
                  {auditOutcomeLabel(o)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="From" htmlFor="audit-from" error={errors.from}>
            <Input id="audit-from" type="date" name="from" defaultValue={filters.from ?? ""} />
          </Field>
          <Field label="To" htmlFor="audit-to" error={errors.to}>
            <Input id="audit-to" type="date" name="to" defaultValue={filters.to ?? ""} />
          </Field>
          <AuditZoneField appliedZone={appliedZone} hasDates={Boolean(filters.from || filters.to)} />
          <div className="col-span-2 flex items-center gap-3 lg:col-span-5">
            <Button type="submit">Apply filters</Button>
            <Link className="text-sm text-brand-700 underline" href="/audit?view=none">
              Clear
            </Link>
          </div>
        </form>
        <FiltersNotApplied filters={ignored} advice="Correct the fields above, or Clear to start again." testId="audit-filter-errors" />
      </Card>
      <Card flush title="Entries" description="Newest first. Open an entry to see everything it recorded.">
        {page.entries.length === 0 ? (
          <div className="p-5">
            <EmptyState
              title="No entries"
              message={
                filtered ? (
                  <>
                    Nothing matches these filters.{" "}
                    <Link className="text-brand-700 underline" href="/audit?view=none">
                      Clear the filters
                    </Link>
                  </>
                ) : (
                  "Nothing has been recorded yet."
                )
              }
            />
          </div>
        ) : (
          <AuditRows entries={page.entries} labels={entryLabels(page.entries)} />
        )}
      </Card>
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {page.newerCursor !== null ? <Link href={`/audit${filtersToSearch(filters, { after: page.newerCursor })}`}>← Newer</Link> : null}
        {page.olderCursor !== null ? <Link href={`/audit${filtersToSearch(filters, { before: page.olderCursor })}`}>Older →</Link> : null}
      </nav>
    </div>
  );
}
