/** One filter from the address that was left out: its field's label, the value as typed, and why. */
export type FilterNotApplied = { field: string; label: string; value: string; message: string };

type Props = {
  filters: readonly FilterNotApplied[];
  /** What to do about them, after "The list below uses the other filters." */
  advice: string;
  testId: string;
};

/**
 * Filters in a page's address that its list could not apply. The list still shows, read with the
 * others, so without this a mistyped or edited link would look like a list that ignores it.
 * Free of hooks, so a page draws it on the server and sends no script for it; one notice for
 * every page whose filters live in the URL.
 */
export function FiltersNotApplied({ filters, advice, testId }: Props) {
  if (filters.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid={testId}>
      <p className="font-medium">Some filters in the address were not applied:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {filters.map((f) => (
          <li key={f.field} className="break-words">
            {f.label} “{f.value}”: {f.message}
          </li>
        ))}
      </ul>
      <p className="mt-1">The list below uses the other filters. {advice}</p>
    </div>
  );
}
