import "server-only";
import type { CardRow } from "@/lib/finance/card-rows";
import type { CardTableState } from "@/lib/finance/card-table-state";
import { bucketOf, CardTotalsAccumulator, type CardBucket, type CurrencyTotals } from "@/lib/finance/card-totals";
import { currencyMinorDigits, toMinorUnits } from "@/lib/format/money";
import { upstreamCode } from "@/lib/format/code-case";
import { cardRowSearchText, foldCardSearch } from "@/lib/finance/card-search-text";
import { canonicalDateTime, upstreamInstant } from "@/lib/time/instant";
import { maskSensitiveText } from "@/server/privacy";

/**
 * A card's transaction list held column by column: a busy card has 100,000 rows and a row as a
 * JavaScript object costs about 1,800 bytes, as columns about 150. Amounts and charges are
 * integer minor units, times are epoch milliseconds, repeated words (status, type, currency,
 * category, merchant) are dictionary codes, and free text is one string per column with offsets.
 * Anything that would not come back exactly as the upstream sent it (an amount with more decimals
 * than its currency has, a time not in the canonical ISO form) is kept as sent, on the side.
 * Status and type are kept upper-cased and trimmed, as finance counts them (card-totals.ts), so
 * "success" and "SUCCESS" are one value to the filter, its list of choices and the totals alike.
 */

const WIDE = /[^\u0000-\u00ff]/;
const ROW_END = "\u0001";

type TextColumnData = { text: string; wide: boolean; ends: Uint32Array; nulls: Uint8Array };
type DictColumnData = { values: (string | null)[]; rows: Uint32Array | Uint16Array };

/** Free text: one string per column and where each row's text ends. */
class TextColumn {
  private parts: string[] = [];
  private chunks: string[] = [];
  private length = 0;
  private wide = false;
  ends = new Uint32Array(1024);
  nulls = new Uint8Array(1024);
  text = "";

  add(i: number, value: string | null): void {
    if (i >= this.ends.length) {
      this.ends = grow(this.ends, i);
      this.nulls = grow(this.nulls, i);
    }
    if (value === null) this.nulls[i] = 1;
    else if (value.length > 0) {
      this.parts.push(value);
      this.length += value.length;
      // Joined every few thousand values, so no list of 100,000 small strings is ever kept.
      if (this.parts.length === 4096) this.chunks.push(this.parts.splice(0).join(""));
    }
    this.ends[i] = this.length;
  }

  finish(count: number): void {
    this.chunks.push(this.parts.join(""));
    this.text = this.chunks.join("");
    this.wide = WIDE.test(this.text);
    this.parts = [];
    this.chunks = [];
    this.ends = this.ends.slice(0, count);
    this.nulls = this.nulls.slice(0, count);
  }

  get(i: number): string | null {
    if (this.nulls[i]) return null;
    return this.text.slice(i === 0 ? 0 : this.ends[i - 1], this.ends[i]);
  }

  data(): TextColumnData {
    return { text: this.text, wide: this.wide, ends: this.ends, nulls: this.nulls };
  }

  static from(data: TextColumnData): TextColumn {
    const column = new TextColumn();
    Object.assign(column, data);
    return column;
  }

  bytes(): number {
    return this.text.length * (this.wide ? 2 : 1) + this.ends.byteLength + this.nulls.byteLength;
  }
}

/** Repeated words: each distinct value once, a code per row (0 is "missing"). */
class DictColumn {
  private readonly codes = new Map<string, number>();
  readonly values: (string | null)[] = [null];
  rows: Uint32Array | Uint16Array = new Uint32Array(1024);

  add(i: number, value: string | null): number {
    if (i >= this.rows.length) this.rows = grow(this.rows as Uint32Array, i);
    let code = 0;
    if (value !== null) {
      code = this.codes.get(value) ?? 0;
      if (code === 0) {
        code = this.values.push(value) - 1;
        this.codes.set(value, code);
      }
    }
    this.rows[i] = code;
    return code;
  }

  finish(count: number): void {
    this.rows = this.values.length <= 0xffff ? Uint16Array.from(this.rows.subarray(0, count)) : this.rows.slice(0, count);
  }

  data(): DictColumnData {
    return { values: this.values, rows: this.rows };
  }

  static from(data: DictColumnData): DictColumn {
    const column = new DictColumn();
    column.values.push(...data.values.slice(1));
    data.values.forEach((value, code) => value !== null && column.codes.set(value, code));
    column.rows = data.rows;
    return column;
  }

  codeOf(value: string): number {
    return this.codes.get(value) ?? -1;
  }

  get(i: number): string | null {
    return this.values[this.rows[i]!]!;
  }

  bytes(): number {
    let n = this.rows.byteLength;
    for (const v of this.values) n += 48 + (v?.length ?? 0);
    return n;
  }
}

function grow<T extends Uint32Array | Uint8Array | Int8Array | Float64Array>(array: T, needed: number): T {
  const next = new (array.constructor as new (n: number) => T)(Math.max(needed + 1, array.length * 2));
  next.set(array);
  return next;
}

export type FilteredView = { order: Uint32Array; totals: CurrencyTotals[] };

/**
 * A row as the upstream's schema hands it over: a missing field may be absent rather than null.
 * Taken as it is, so no second object is made per row of a 100,000-row list.
 */
export type CardRowInput = Pick<CardRow, "id"> & { [K in Exclude<keyof CardRow, "id">]?: CardRow[K] | undefined };

/** Built row by row as the list streams in; `finish` seals it. */
export class CardColumnsBuilder {
  private count = 0;
  private readonly id = new TextColumn();
  private readonly reference = new TextColumn();
  private readonly description = new TextColumn();
  private readonly currency = new DictColumn();
  private readonly category = new DictColumn();
  private readonly type = new DictColumn();
  private readonly status = new DictColumn();
  private readonly merchant = new DictColumn();
  private amount = new Float64Array(1024);
  private charges = new Float64Array(1024);
  private createdAt = new Float64Array(1024);
  private report = new Int8Array(1024);
  /** Minor-unit digits per currency code, looked up once per distinct currency. */
  private readonly digits: number[] = [2];
  private readonly exactAmounts = new Map<number, number>();
  private readonly exactCharges = new Map<number, number>();
  private readonly exactTimes = new Map<number, string>();

  // Ids added so far, released by finish(): an upstream that lists a transaction twice must not
  // have its amount counted twice, however the list was read (whole, paged, in the parser's thread).
  private seen: Set<string> | null = new Set();
  private repeatedRows = 0;

  get rows(): number {
    return this.count;
  }

  /** Whether a row of this id was added (until finish()). */
  holds(id: string): boolean {
    return this.seen!.has(id);
  }

  /** Rows not added because a row of the same id was (the first one is kept). */
  get repeated(): number {
    return this.repeatedRows;
  }

  add(row: CardRowInput): void {
    const seen = this.seen!;
    if (seen.has(row.id)) {
      this.repeatedRows++;
      return;
    }
    seen.add(row.id);
    const i = this.count++;
    if (i >= this.amount.length) {
      this.amount = grow(this.amount, i);
      this.charges = grow(this.charges, i);
      this.createdAt = grow(this.createdAt, i);
      this.report = grow(this.report, i);
    }
    this.id.add(i, row.id);
    this.reference.add(i, row.reference ?? null);
    this.description.add(i, row.description ?? null);
    const currency = this.currency.add(i, row.currency ?? null);
    if (currency === this.digits.length) this.digits.push(currencyMinorDigits(row.currency ?? null) ?? 2);
    this.category.add(i, row.category ?? null);
    this.type.add(i, upstreamCode(row.type));
    this.status.add(i, upstreamCode(row.status));
    this.merchant.add(i, row.merchant_name ?? null);
    const digits = this.digits[currency]!;
    this.amount[i] = minorOf(row.amount ?? null, digits, i, this.exactAmounts);
    this.charges[i] = minorOf(row.charges ?? null, digits, i, this.exactCharges);
    this.report[i] = row.report == null ? -1 : row.report ? 1 : 0;
    if (row.created_at == null) this.createdAt[i] = Number.NaN;
    else {
      let ms = canonicalTime(row.created_at);
      if (Number.isNaN(ms)) {
        ms = upstreamInstant(row.created_at);
        if (Number.isNaN(ms)) throw new InvalidTime(row.created_at);
        // Kept as sent but for the case of its "T" and "Z", as every upstream date-time is (lib/time/instant.ts).
        this.exactTimes.set(i, canonicalDateTime(row.created_at));
      }
      this.createdAt[i] = ms;
    }
  }

  finish(): CardColumns {
    this.seen = null;
    const n = this.count;
    for (const c of [this.id, this.reference, this.description]) c.finish(n);
    for (const c of [this.currency, this.category, this.type, this.status, this.merchant]) c.finish(n);
    return new CardColumns({
      count: n,
      id: this.id,
      reference: this.reference,
      description: this.description,
      currency: this.currency,
      category: this.category,
      type: this.type,
      status: this.status,
      merchant: this.merchant,
      amount: this.amount.slice(0, n),
      charges: this.charges.slice(0, n),
      createdAt: this.createdAt.slice(0, n),
      report: this.report.slice(0, n),
      digits: this.digits,
      exactAmounts: this.exactAmounts,
      exactCharges: this.exactCharges,
      exactTimes: this.exactTimes,
    });
  }
}

export class InvalidTime extends Error {}

const digit = (s: string, at: number) => s.charCodeAt(at) - 48;
const number = (s: string, at: number, length: number) => {
  let n = 0;
  for (let k = 0; k < length; k++) {
    const d = digit(s, at + k);
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
};
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Epoch milliseconds of a time in exactly the form `toISOString` gives ("2026-01-31T09:05:00.000Z"),
 * NaN for any other form. Checked by hand: formatting every time back to compare costs more than
 * reading the whole list.
 */
function canonicalTime(s: string): number {
  if (s.length !== 24 || s[4] !== "-" || s[7] !== "-" || s[10] !== "T" || s[13] !== ":" || s[16] !== ":" || s[19] !== "." || s[23] !== "Z")
    return Number.NaN;
  const year = number(s, 0, 4);
  const month = number(s, 5, 2);
  const day = number(s, 8, 2);
  const hour = number(s, 11, 2);
  const minute = number(s, 14, 2);
  const second = number(s, 17, 2);
  const milli = number(s, 20, 3);
  if (
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    milli < 0
  )
    return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return Number.NaN;
  // Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const days = era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
  return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + milli;
}

/** Integer minor units (NaN when missing); a value that would not come back exactly is kept aside. */
function minorOf(value: number | null, digits: number, i: number, exact: Map<number, number>): number {
  if (value === null) return Number.NaN;
  const scale = 10 ** digits;
  const quick = Math.round(Math.abs(value) * scale);
  // When the quick product divides back exactly, it is what the decimal-shifting toMinorUnits gives.
  const minor = quick / scale === Math.abs(value) ? Math.sign(value) * quick || 0 : toMinorUnits(value, digits);
  if (minor / scale !== value || Object.is(value, -0)) exact.set(i, value);
  return minor;
}

type Parts = {
  count: number;
  id: TextColumn;
  reference: TextColumn;
  description: TextColumn;
  currency: DictColumn;
  category: DictColumn;
  type: DictColumn;
  status: DictColumn;
  merchant: DictColumn;
  amount: Float64Array;
  charges: Float64Array;
  createdAt: Float64Array;
  report: Int8Array;
  digits: number[];
  exactAmounts: Map<number, number>;
  exactCharges: Map<number, number>;
  exactTimes: Map<number, string>;
};

/**
 * A sealed list as plain data, the form in which it crosses from one thread to another, with what
 * was already worked out from it: sort orders, their totals, the filter values.
 */
export type CardColumnsData = Omit<Parts, "id" | "reference" | "description" | "currency" | "category" | "type" | "status" | "merchant"> & {
  [K in "id" | "reference" | "description"]: TextColumnData;
} & { [K in "currency" | "category" | "type" | "status" | "merchant"]: DictColumnData } & {
  sorted: [string, Uint32Array][];
  sortedTotals: [string, CurrencyTotals[]][];
  distinct: [string, string[]][];
};

type DistinctColumn = "status" | "type";

/** A sealed list: rows by index, sort orders and the text index made on first use. */
export class CardColumns {
  readonly count: number;
  private readonly sorted = new Map<string, Uint32Array>();
  /** Totals of a whole sort order (no filter), by sort. */
  private readonly sortedTotals = new Map<string, CurrencyTotals[]>();
  private readonly distinctValues = new Map<string, string[]>();
  private search: { text: string; ends: Uint32Array } | undefined;

  constructor(private readonly c: Parts) {
    this.count = c.count;
  }

  /**
   * The list for another thread, with the first view of `state` worked out beforehand (its order,
   * its totals, the filter values), so the thread that answers requests only looks them up. The
   * typed arrays are handed over, not copied (`transfer`): this instance is done with after.
   */
  handOver(first: Pick<CardTableState, "sort" | "dir">): { data: CardColumnsData; transfer: ArrayBuffer[] } {
    this.totals(this.sortOrder(first.sort, first.dir));
    this.distinct("status");
    this.distinct("type");
    const c = this.c;
    const data: CardColumnsData = {
      ...c,
      id: c.id.data(),
      reference: c.reference.data(),
      description: c.description.data(),
      currency: c.currency.data(),
      category: c.category.data(),
      type: c.type.data(),
      status: c.status.data(),
      merchant: c.merchant.data(),
      sorted: [...this.sorted],
      sortedTotals: [...this.sortedTotals],
      distinct: [...this.distinctValues],
    };
    const arrays: ArrayBufferView[] = [data.amount, data.charges, data.createdAt, data.report, ...this.sorted.values()];
    for (const t of [data.id, data.reference, data.description]) arrays.push(t.ends, t.nulls);
    for (const d of [data.currency, data.category, data.type, data.status, data.merchant]) arrays.push(d.rows);
    // An order that is the rows as they came may share nothing, but two views of one buffer cannot both be handed over.
    const buffers = new Set(arrays.map((a) => a.buffer as ArrayBuffer));
    return { data, transfer: [...buffers] };
  }

  static from(data: CardColumnsData): CardColumns {
    const text = TextColumn.from;
    const dict = DictColumn.from;
    const columns = new CardColumns({
      ...data,
      id: text(data.id),
      reference: text(data.reference),
      description: text(data.description),
      currency: dict(data.currency),
      category: dict(data.category),
      type: dict(data.type),
      status: dict(data.status),
      merchant: dict(data.merchant),
    });
    for (const [key, order] of data.sorted) columns.sorted.set(key, order);
    for (const [key, totals] of data.sortedTotals) columns.sortedTotals.set(key, totals);
    for (const [key, values] of data.distinct) columns.distinctValues.set(key, values);
    return columns;
  }

  row(i: number): CardRow {
    const c = this.c;
    const digits = c.digits[c.currency.rows[i]!]!;
    const report = c.report[i];
    return {
      id: c.id.get(i)!,
      reference: c.reference.get(i),
      amount: valueOf(c.amount[i]!, digits, i, c.exactAmounts),
      charges: valueOf(c.charges[i]!, digits, i, c.exactCharges),
      currency: c.currency.get(i),
      category: c.category.get(i),
      type: c.type.get(i),
      status: c.status.get(i),
      description: c.description.get(i),
      merchant_name: c.merchant.get(i),
      report: report === -1 ? null : report === 1,
      created_at: Number.isNaN(c.createdAt[i]!) ? null : (c.exactTimes.get(i) ?? new Date(c.createdAt[i]!).toISOString()),
    };
  }

  /** The distinct values of a column, for the filter selects. */
  distinct(column: DistinctColumn): string[] {
    const hit = this.distinctValues.get(column);
    if (hit) return hit;
    const dict = column === "status" ? this.c.status : this.c.type;
    const seen = new Uint8Array(dict.values.length);
    for (let i = 0; i < this.count; i++) seen[dict.rows[i]!] = 1;
    const out: string[] = [];
    for (let code = 1; code < seen.length; code++) if (seen[code] && dict.values[code]) out.push(dict.values[code]!);
    out.sort();
    this.distinctValues.set(column, out);
    return out;
  }

  /** Held bytes: columns, dictionaries, kept-aside values, and the sort orders and text index made so far. */
  bytes(): number {
    const c = this.c;
    let n = c.id.bytes() + c.reference.bytes() + c.description.bytes();
    for (const d of [c.currency, c.category, c.type, c.status, c.merchant]) n += d.bytes();
    n += c.amount.byteLength + c.charges.byteLength + c.createdAt.byteLength + c.report.byteLength;
    n += (c.exactAmounts.size + c.exactCharges.size) * 40 + c.exactTimes.size * 80;
    for (const order of this.sorted.values()) n += order.byteLength;
    if (this.search) n += this.search.text.length * 2 + this.search.ends.byteLength;
    return n;
  }

  /**
   * All row indexes in display order, made once per sort of a list. Amounts in different
   * currencies are not comparable, so an amount sort groups rows by currency (A→Z) and sorts by
   * amount within each. Missing values sort last in either direction; ties keep the upstream order.
   */
  sortOrder(sort: CardTableState["sort"], dir: CardTableState["dir"]): Uint32Array {
    const key = `${sort}:${dir}`;
    const hit = this.sorted.get(key);
    if (hit) return hit;
    const c = this.c;
    const n = this.count;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const sign = dir === "asc" ? 1 : -1;
    let keys: Float64Array;
    let groups: Uint32Array | null = null;
    if (sort === "amount") {
      keys = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const minor = c.amount[i]!;
        keys[i] = Number.isNaN(minor) ? minor : (c.exactAmounts.get(i) ?? minor / 10 ** c.digits[c.currency.rows[i]!]!);
      }
      // Rank of each currency code by its upper-cased, trimmed name; missing currencies last.
      const names = c.currency.values.map((v, code) => ({ code, name: (v ?? "").trim().toUpperCase() || "\uffff" }));
      names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const rank = new Uint32Array(names.length);
      let r = 0;
      names.forEach((entry, k) => {
        if (k > 0 && entry.name !== names[k - 1]!.name) r++;
        rank[entry.code] = r;
      });
      groups = new Uint32Array(n);
      for (let i = 0; i < n; i++) groups[i] = rank[c.currency.rows[i]!]!;
    } else keys = c.createdAt;
    // The upstream usually sends its list newest first: then the rows are already in that order
    // (and a sort of 100,000 rows, tens of milliseconds with nothing else answered, is not needed).
    if (!groups && inOrder(keys, sign)) {
      this.sorted.set(key, order);
      return order;
    }
    order.sort((a, b) => {
      if (groups && groups[a] !== groups[b]) return groups[a]! - groups[b]!;
      const x = keys[a]!;
      const y = keys[b]!;
      const xm = Number.isNaN(x);
      const ym = Number.isNaN(y);
      if (xm || ym) return xm === ym ? a - b : xm ? 1 : -1;
      return x === y ? a - b : (x < y ? -1 : 1) * sign;
    });
    this.sorted.set(key, order);
    return order;
  }

  /** The indexes of `order` whose rows pass the status, type and text filters, order kept. */
  filter(order: Uint32Array, state: Pick<CardTableState, "status" | "type" | "q">): Uint32Array {
    const q = foldCardSearch(state.q);
    if (!q && !state.status && !state.type) return order;
    const c = this.c;
    const status = state.status ? c.status.codeOf(upstreamCode(state.status)!) : 0;
    const type = state.type ? c.type.codeOf(upstreamCode(state.type)!) : 0;
    if (status === -1 || type === -1) return new Uint32Array(0);
    const hits = q ? this.matching(q) : null;
    const out = new Uint32Array(order.length);
    let k = 0;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      if (status && c.status.rows[i] !== status) continue;
      if (type && c.type.rows[i] !== type) continue;
      if (hits && !hits[i]) continue;
      out[k++] = i;
    }
    return out.slice(0, k);
  }

  /**
   * Per currency (upper-cased, trimmed; "" when a row has none), in order of first appearance:
   * spent, refunded, net and failed/reversed/pending apart (lib/finance/card-totals.ts), summed in
   * integer minor units. The bucket is worked out once per status and type code, not per row.
   */
  totals(order: Uint32Array): CurrencyTotals[] {
    const sortKey = this.sortKeyOf(order);
    const hit = sortKey === undefined ? undefined : this.sortedTotals.get(sortKey);
    if (hit) return hit;
    const result = this.sumTotals(order);
    if (sortKey !== undefined) this.sortedTotals.set(sortKey, result);
    return result;
  }

  /** The sort whose whole order `order` is, if it is one. */
  private sortKeyOf(order: Uint32Array): string | undefined {
    for (const [key, sorted] of this.sorted) if (sorted === order) return key;
    return undefined;
  }

  private sumTotals(order: Uint32Array): CurrencyTotals[] {
    const c = this.c;
    const statusCodes = c.status.values.length;
    const buckets: CardBucket[] = new Array(statusCodes * c.type.values.length);
    for (let s = 0; s < statusCodes; s++)
      for (let t = 0; t < c.type.values.length; t++) buckets[t * statusCodes + s] = bucketOf(c.status.values[s]!, c.type.values[t]!);
    // Summed per currency code and status/type pair in typed arrays first (100,000 rows in a few
    // milliseconds), then handed over one sum per pair, currencies in order of first appearance.
    // A float counts whole units exactly only up to 2^53 − 1, which each amount stays under but a
    // sum of them need not: what a sum holds moves to `carried` before it would pass that.
    const pairs = buckets.length;
    const magnitudes = new Float64Array(c.currency.values.length * pairs);
    const carried = new Map<number, bigint>();
    const counts = new Float64Array(c.currency.values.length * pairs);
    const firstSeen = new Float64Array(c.currency.values.length).fill(Number.POSITIVE_INFINITY);
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      const minor = c.amount[i]!;
      if (Number.isNaN(minor)) continue;
      const code = c.currency.rows[i]!;
      if (firstSeen[code] === Number.POSITIVE_INFINITY) firstSeen[code] = j;
      const k = code * pairs + c.type.rows[i]! * statusCodes + c.status.rows[i]!;
      const magnitude = Math.abs(minor);
      const sum = magnitudes[k]! + magnitude;
      if (sum <= Number.MAX_SAFE_INTEGER) magnitudes[k] = sum;
      else {
        carried.set(k, (carried.get(k) ?? 0n) + BigInt(magnitudes[k]!));
        magnitudes[k] = magnitude;
      }
      counts[k] = counts[k]! + 1;
    }
    const codes = [...firstSeen.keys()]
      .filter((code) => firstSeen[code] !== Number.POSITIVE_INFINITY)
      .sort((a, b) => firstSeen[a]! - firstSeen[b]!);
    const sums = new CardTotalsAccumulator();
    for (const code of codes) {
      for (let pair = 0; pair < pairs; pair++) {
        const k = code * pairs + pair;
        if (counts[k]! > 0)
          sums.addSum(
            c.currency.values[code]!,
            c.digits[code]!,
            (carried.get(k) ?? 0n) + BigInt(magnitudes[k]!),
            counts[k]!,
            buckets[pair]!,
          );
      }
    }
    return sums.result();
  }

  /**
   * Rows whose description, merchant or reference, as shown, contains `q` (lower-cased); the index
   * is made on the first search.
   */
  private matching(q: string): Uint8Array {
    const index = (this.search ??= this.buildSearch());
    const hits = new Uint8Array(this.count);
    let from = 0;
    for (;;) {
      const at = index.text.indexOf(q, from);
      if (at === -1) break;
      const row = rowAt(index.ends, at);
      if (at + q.length <= index.ends[row]!) hits[row] = 1;
      // Next row: one hit per row is enough.
      from = index.ends[row]! + 1;
    }
    return hits;
  }

  private buildSearch(): { text: string; ends: Uint32Array } {
    const c = this.c;
    const ends = new Uint32Array(this.count);
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; i < this.count; i++) {
      // Searched as the answer shows them (masked by value, server/http/route.ts): a search of the
      // raw text would confirm a masked card number digit by digit.
      const text = cardRowSearchText(masked(c.description.get(i)), masked(c.merchant.get(i)), masked(c.reference.get(i)));
      parts.push(text, ROW_END);
      length += text.length;
      ends[i] = length;
      length += 1;
    }
    return { text: parts.join(""), ends };
  }
}

/**
 * Whether the rows as they are satisfy the sort: each key at or past the next in the direction
 * asked for, missing ones (NaN) only at the end. Ties then keep the upstream order, as sorting would.
 */
function inOrder(keys: Float64Array, sign: 1 | -1): boolean {
  let missing = false;
  for (let i = 0; i < keys.length; i++) {
    const x = keys[i]!;
    if (Number.isNaN(x)) missing = true;
    else if (missing || (i > 0 && (x - keys[i - 1]!) * sign < 0)) return false;
  }
  return true;
}

/** The row whose text holds position `at`: the first row ending at or after it. */
function rowAt(ends: Uint32Array, at: number): number {
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const masked = (text: string | null): string | null => (text === null ? null : maskSensitiveText(text));

function valueOf(minor: number, digits: number, i: number, exact: Map<number, number>): number | null {
  if (Number.isNaN(minor)) return null;
  return exact.get(i) ?? minor / 10 ** digits;
}

/** Columns of a list already in memory (tests, small lists). */
export function columnsOf(rows: readonly CardRow[]): CardColumns {
  const builder = new CardColumnsBuilder();
  for (const row of rows) builder.add(row);
  return builder.finish();
}
