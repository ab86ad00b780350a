import Link from "next/link";
import { Badge, Button, Card, DateTime, EmptyState, Input, PageHeader, Select, Table, TBody, TD, TH, THead, TR } from "@/components/ui";
import { auditOutcomes, filtersToSearch, type AuditFilters, type AuditPage } from "@/lib/schemas/audit";
import { ChainStatus } from "./chain-status";

type Props = { filters: AuditFilters; page: AuditPage; choices: { staff: string[]; actions: string[] } };

const tone = { success: "success", denied: "warning", failure: "danger" } as const;

/** Filters are a plain GET form: they live in the URL, work without scripts and survive a reload. */
export function AuditTrail({ filters, page, choices }: Props) {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit trail"
        subtitle="Append-only; every entry is hash-chained to the one before."
        actions={
          <a className="text-sm font-medium text-brand-700 underline" href={`/api/audit/export${filtersToSearch(filters)}`}>
            Export CSV
          </a>
        }
      />
      <ChainStatus />
      <Card title="Filters">
        <form method="get" className="grid grid-cols-1 gap-3 sm:grid-cols-5">
          <label className="text-sm">
            Staff member
            <Select name="staff" defaultValue={filters.staff ?? ""}>
              <option value="">Anyone</option>
              {choices.staff.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </label>
          <label className="text-sm">
            Action
            <Select name="action" defaultValue={filters.action ?? ""}>
              <option value="">Any action</option>
              {choices.actions.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </Select>
          </label>
          <label className="text-sm">
            Outcome
            <Select name="outcome" defaultValue={filters.outcome ?? ""}>
              <option value="">Any outcome</option>
              {auditOutcomes.map((o) => (
                <option key={o}>{o}</option>
              ))}
            </Select>
          </label>
          <label className="text-sm">
            From (UTC)
            <Input type="date" name="from" defaultValue={filters.from ?? ""} />
          </label>
          <label className="text-sm">
            To (UTC)
            <Input type="date" name="to" defaultValue={filters.to ?? ""} />
          </label>
          <div className="flex gap-2 sm:col-span-5">
            <Button type="submit">Apply filters</Button>
            <Link className="self-center text-sm underline" href="/audit">
              Clear
            </Link>
          </div>
        </form>
      </Card>
      <Card flush title="Entries" description="Newest first">
        {page.entries.length === 0 ? (
          <EmptyState title="No entries" message="Nothing matches these filters." />
        ) : (
          <Table caption="Audit entries">
            <THead>
              <TR>
                <TH>Time</TH>
                <TH>Who</TH>
                <TH>Role</TH>
                <TH>Action</TH>
                <TH>Target</TH>
                <TH>Outcome</TH>
                <TH>Request id</TH>
              </TR>
            </THead>
            <TBody>
              {page.entries.map((e) => (
                <TR key={e.id}>
                  <TD>
                    <DateTime value={e.occurredAt} />
                  </TD>
                  <TD>{e.actorEmail ?? "—"}</TD>
                  <TD>{e.actorRole ?? "—"}</TD>
                  <TD mono>{e.action}</TD>
                  <TD mono>{e.target ?? "—"}</TD>
                  <TD>
                    <Badge tone={tone[e.outcome]}>{e.outcome}</Badge>
                  </TD>
                  <TD mono>{e.requestId}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
      <nav aria-label="Pages" className="flex gap-4 text-sm">
        {page.newerCursor !== null ? <Link href={`/audit${filtersToSearch(filters, { after: page.newerCursor })}`}>← Newer</Link> : null}
        {page.olderCursor !== null ? <Link href={`/audit${filtersToSearch(filters, { before: page.olderCursor })}`}>Older →</Link> : null}
      </nav>
    </div>
  );
}
