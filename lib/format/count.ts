// One formatter for every count: Number.prototype.toLocaleString builds a new one per call,
// which a table's totals pay on every render.
let grouped: Intl.NumberFormat | undefined;

/** "1,204": a count grouped as the rest of the back-office writes numbers. */
export function formatCount(n: number): string {
  return (grouped ??= new Intl.NumberFormat("en-US")).format(n);
}

/** "1 entry", "2 entries", "1,204 sessions": a count with the word that agrees with it. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
