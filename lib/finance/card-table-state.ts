import { withoutUnsafeCharacters } from "@/lib/validation/plain-text";
import type { CardRow } from "./card-rows";
import { cardRowSearchText, foldCardSearch } from "./card-search-text";
import { dayProblem } from "@/lib/time/zoned-day";
import { isTimeZone } from "@/lib/time/zone";

/** The view of the card-transaction table, kept in the URL so it can be shared and survives back/forward. */
export type CardTableState = {
  sort: "date" | "amount";
  dir: "asc" | "desc";
  status: string;
  type: string;
  q: string;
  /** Inclusive days (YYYY-MM-DD) read in `tz`, the zone of whoever set them, so a shared link means the same range. */
  from: string;
  to: string;
  /** An IANA zone this runtime knows, or "" (a range is then read in UTC, see rangeZone). */
  tz: string;
  /** Upper-case code, "" for all. */
  currency: string;
};

export const DEFAULT_STATE: CardTableState = {
  sort: "date",
  dir: "desc",
  status: "",
  type: "",
  q: "",
  from: "",
  to: "",
  tz: "",
  currency: "",
};

/** True when any filter (not the sort) is set: the no-match state then offers to clear them. */
export function hasFilters(state: CardTableState): boolean {
  return Boolean(state.status || state.type || state.q.trim() || state.from || state.to || state.currency);
}
const MAX_QUERY = 100;

type Params = { get(name: string): string | null };

/** Anything odd in the URL falls back to the default instead of failing the page. */
export function parseTableState(params: Params): CardTableState {
  const sort = params.get("sort");
  const dir = params.get("dir");
  const clean = (v: string | null, max: number) => (v ?? "").trim().slice(0, max);
  return {
    sort: sort === "amount" ? "amount" : "date",
    dir: dir === "asc" ? "asc" : "desc",
    status: clean(params.get("status"), 40),
    type: clean(params.get("type"), 40),
    q: withoutUnsafeCharacters(params.get("q") ?? "").slice(0, MAX_QUERY),
    from: day(params.get("from")),
    to: day(params.get("to")),
    tz: knownZone(params.get("tz")),
    currency: clean(params.get("currency"), 3).toUpperCase(),
  };
}

const day = (v: string | null) => (v && dayProblem(v) === null ? v : "");

// A zone the server would refuse ("tz must be an IANA time zone name") is left out here, so the
// first filter chosen, its retry and the CSV do not all carry it into a 400.
const knownZone = (v: string | null) => {
  const value = (v ?? "").trim();
  return value && isTimeZone(value) ? value : "";
};

/** Where a range is read when the address names no zone it can use. */
export const RANGE_FALLBACK_ZONE = "UTC";

/**
 * The zone a view's days are read in: the one its address names, else UTC (how the server reads a
 * range whose address names none); with no range, `ownZone`, the viewer's, which a range chosen
 * now would be read in.
 */
export function rangeZone(state: Pick<CardTableState, "from" | "to" | "tz">, ownZone: string): string {
  if (!state.from && !state.to) return ownZone;
  return state.tz || RANGE_FALLBACK_ZONE;
}

/**
 * The dates of the address that parseTableState leaves out, each with the reason, and its zone
 * when a date is applied but the zone is not one this runtime knows (the days are then read in
 * UTC). The other fields show what was applied in their controls; a refused date leaves its box
 * blank, which reads as no range asked for rather than a range ignored. A zone with no date to
 * read is not used, so not reported.
 */
export function tableStateProblems(params: Params): Partial<Record<"from" | "to" | "tz", string>> {
  const problems: Partial<Record<"from" | "to" | "tz", string>> = {};
  for (const field of ["from", "to"] as const) {
    const value = params.get(field);
    const problem = value ? dayProblem(value) : null;
    if (problem) problems[field] = problem;
  }
  const tz = (params.get("tz") ?? "").trim();
  const dated = day(params.get("from")) || day(params.get("to"));
  if (tz && dated && !knownZone(tz)) problems.tz = `This time zone is not known; the dates are read in ${RANGE_FALLBACK_ZONE}.`;
  return problems;
}

/** Only what differs from the default goes into the URL, so the plain address stays plain. */
export function tableStateToSearch(state: CardTableState): string {
  const params = new URLSearchParams();
  if (state.sort !== DEFAULT_STATE.sort) params.set("sort", state.sort);
  if (state.dir !== DEFAULT_STATE.dir) params.set("dir", state.dir);
  if (state.status) params.set("status", state.status);
  if (state.type) params.set("type", state.type);
  // The box's text as typed, less what the server refuses (a pasted tab or newline becomes a space).
  const q = withoutUnsafeCharacters(state.q);
  if (q) params.set("q", q);
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  // The zone only means something with a date.
  if (state.tz && (state.from || state.to)) params.set("tz", state.tz);
  if (state.currency) params.set("currency", state.currency);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Lower-cased description + merchant + reference, built once per row list rather than per keystroke. */
export function buildSearchIndex(rows: readonly CardRow[]): string[] {
  return rows.map((r) => cardRowSearchText(r.description, r.merchant_name, r.reference));
}

/**
 * All row indexes in display order. Sorting 100,000 rows takes tens of milliseconds, so it runs
 * once per sort of a list, not on every keystroke of the filter (see filterOrder).
 * Amounts in different currencies are not comparable (NGN 150,000 is not more than USD 500), so an
 * amount sort groups rows by currency (A→Z) and sorts by amount within each.
 */
export function sortOrder(rows: readonly CardRow[], sort: CardTableState["sort"], dir: CardTableState["dir"]): number[] {
  const order = Array.from(rows, (_, i) => i);
  const sign = dir === "asc" ? 1 : -1;
  const keys =
    sort === "amount" ? rows.map((r) => r.amount ?? Number.NaN) : rows.map((r) => (r.created_at ? Date.parse(r.created_at) : Number.NaN));
  const groups = sort === "amount" ? rows.map((r) => (r.currency ?? "").trim().toUpperCase() || "\uffff") : null;
  // Missing values sort last in either direction; ties keep the upstream order (stable sort).
  order.sort((a, b) => {
    if (groups && groups[a] !== groups[b]) return groups[a]! < groups[b]! ? -1 : 1;
    const x = keys[a]!;
    const y = keys[b]!;
    const xm = Number.isNaN(x);
    const ym = Number.isNaN(y);
    if (xm || ym) return xm === ym ? 0 : xm ? 1 : -1;
    return x === y ? 0 : (x < y ? -1 : 1) * sign;
  });
  return order;
}

/** The indexes of `order` whose rows pass the status, type and text filters, order kept. */
export function filterOrder(
  rows: readonly CardRow[],
  index: readonly string[],
  order: readonly number[],
  state: Pick<CardTableState, "status" | "type" | "q">,
): number[] {
  const q = foldCardSearch(state.q);
  if (!q && !state.status && !state.type) return order as number[];
  const out: number[] = [];
  for (const i of order) {
    const row = rows[i]!;
    if (state.status && row.status !== state.status) continue;
    if (state.type && row.type !== state.type) continue;
    if (q && !index[i]!.includes(q)) continue;
    out.push(i);
  }
  return out;
}

/** The distinct values of a column, for the filter selects. */
export function distinctValues(rows: readonly CardRow[], column: "status" | "type"): string[] {
  const set = new Set<string>();
  for (const row of rows) if (row[column]) set.add(row[column]);
  return [...set].sort();
}
