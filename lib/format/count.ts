/** "1 entry", "2 entries", "1,204 sessions": a count with the word that agrees with it. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
