import type { ReactNode } from "react";
import { FiltersNotApplied } from "@/components/ui/filters-not-applied";
import { tableStateProblems } from "@/lib/finance/card-table-state";

/** The values of the address the card list left out, and the notice that says so. */
export type CardFiltersNotApplied = { values: Record<string, string>; notice: ReactNode };

const LABELS = { from: "From date", to: "To date", tz: "Time zone" } as const;

/**
 * Built by the page on the server, for the address it was opened at, so the card page's first load
 * carries no script for the notice: the view only decides whether the address still holds these
 * values (choosing a filter writes the address afresh, without them).
 */
export function cardFiltersNotApplied(params: URLSearchParams): CardFiltersNotApplied | undefined {
  const problems = tableStateProblems(params);
  const filters = (["from", "to", "tz"] as const).flatMap((field) => {
    const message = problems[field];
    return message ? [{ field, label: LABELS[field], value: params.get(field) ?? "", message }] : [];
  });
  if (filters.length === 0) return undefined;
  return {
    values: Object.fromEntries(filters.map((f) => [f.field, f.value])),
    notice: (
      <FiltersNotApplied
        filters={filters}
        advice={
          problems.from || problems.to
            ? "Pick the dates again above, or leave them empty for every day."
            : "Pick a date again above to read the range in your own time zone."
        }
        testId="card-filter-errors"
      />
    ),
  };
}
