import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { MaybeLink } from "@/components/ui/maybe-link";
import { objectHref } from "@/lib/finance/object-href";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { Field, Input, Select } from "@/components/ui/field";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { directoryStateLabels, directoryStates, type DirectoryQuery, type DirectoryRow } from "@/lib/customers/directory";
import { STATE_DESCRIPTIONS } from "@/lib/customers/verification-states";

type Props = {
  rows: DirectoryRow[];
  more: boolean;
  limit: number;
  query: DirectoryQuery;
  errors: Partial<Record<keyof DirectoryQuery, string>>;
  /** What was typed, shown back even when it was not valid. */
  raw: { state: string; q: string };
};

/** A plain GET form: the filters live in the URL, survive a reload and work without scripts. */
export function CustomerDirectory({ rows, more, limit, query, errors, raw }: Props) {
  const filtered = Boolean(query.state || query.q);
  const invalid = Object.keys(errors).length > 0;
  return (
    <div className="space-y-6">
      <Card title="Filters">
        {/* Keyed by the filters: its fields are uncontrolled, and opening a saved view or "No view"
            changes the address without remounting the page. */}
        <form
          key={`${raw.state}\u0000${raw.q}`}
          method="get"
          role="search"
          aria-label="Filter customers"
          className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
        >
          <Field label="Customer id contains" htmlFor="directory-q" error={errors.q}>
            <Input id="directory-q" name="q" defaultValue={raw.q} autoComplete="off" spellCheck={false} placeholder="cus_…" />
          </Field>
          <Field label="Verification state" htmlFor="directory-state" error={errors.state}>
            <Select id="directory-state" name="state" defaultValue={errors.state ? "" : raw.state}>
              <option value="">Any state</option>
              {directoryStates.map((s) => (
                <option key={s} value={s}>
                  {directoryStateLabels[s]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-center gap-3 sm:pt-6">
            <Button type="submit">Apply</Button>
            <Link className="text-sm text-brand-700 underline" href="/customers?view=none">
              Clear
            </Link>
          </div>
        </form>
        {invalid ? (
          <p className="mt-3 text-sm text-amber-900" data-testid="directory-filter-note">
            The filter marked above was not applied; the list below uses the others.
          </p>
        ) : null}
      </Card>
      <Card
        flush
        title="Customers"
        description={
          more
            ? `The ${limit} with the most recent activity are shown; narrow the filters to find others.`
            : "Every customer the back-office has checked, submitted, edited or issued a card to, most recent activity first."
        }
      >
        {rows.length === 0 ? (
          <div className="p-5">
            <EmptyState
              title={filtered ? "No customer matches these filters" : "No customers yet"}
              message={
                filtered ? (
                  <>
                    Change the filters or{" "}
                    <Link className="text-brand-700 underline" href="/customers?view=none">
                      clear them
                    </Link>
                    . A customer appears here once staff have opened them by id.
                  </>
                ) : (
                  "Open a customer by id; they are listed here from then on."
                )
              }
            />
          </div>
        ) : (
          <Table caption="Customers" stackOnPhone>
            <THead>
              <TR>
                <TH>Customer</TH>
                <TH>Verification</TH>
                <TH align="right">Cards issued</TH>
                <TH>Contact</TH>
                <TH>Last activity</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={row.customer_id} data-testid="directory-row">
                  {/* An id may be 128 characters: it wraps (anywhere, it has no spaces) rather than push the
                      page sideways on a phone or the table past its card. */}
                  <TD label="Customer" mono className="[overflow-wrap:anywhere]">
                    <MaybeLink href={objectHref("customer", row.customer_id)} className="rounded" linkClassName="text-brand-700 underline">
                      {row.customer_id}
                    </MaybeLink>
                  </TD>
                  <TD label="Verification">
                    <Badge tone={STATE_DESCRIPTIONS[row.state].tone}>{directoryStateLabels[row.state]}</Badge>
                  </TD>
                  <TD label="Cards issued" align="right" className="tabular-nums">
                    {row.cards_issued}
                  </TD>
                  <TD label="Contact" className="whitespace-nowrap">
                    {row.contact_set ? "Set here" : "—"}
                  </TD>
                  <TD label="Last activity">
                    <DateTime value={row.last_activity_at} relative />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
