import { z } from "zod";
import { auditQuerySchema } from "./audit";
import { directoryQuerySchema } from "@/lib/customers/directory";
import type { Capability } from "@/lib/permissions";
import { isTimeZone } from "@/lib/time/zone";
import { isIsoDay } from "@/lib/time/zoned-day";
import { hasUnsafeCharacters, sensitiveNumberMessage, unsafeTextMessage } from "@/lib/validation/plain-text";
import { sensitiveNumberIn } from "@/lib/validation/sensitive-digits";

/**
 * The pages a saved view belongs to: a closed list. Each names the capability that opens it (a
 * member may only save, see or use views of pages their role opens) and its filters: the keys its
 * URL's query holds and the zod schema of them, the page's own rules, strict, so a saved view cannot
 * smuggle a key the page does not know or a value the page would refuse.
 */
export const viewPages = ["card_transactions", "audit", "customers"] as const;
export type ViewPage = (typeof viewPages)[number];

/** The filters as they sit in the URL's query: only keys that are set, each a string. */
export type ViewFilters = Record<string, string>;

const printable = (what: string) => ({ check: (v: string) => !hasUnsafeCharacters(v), message: unsafeTextMessage(what) });
const text = (what: string, max: number) =>
  z
    .string()
    .refine(printable(what).check, { message: printable(what).message, abort: true })
    .trim()
    .max(max, { message: `The ${what} can be at most ${max} characters.` });
const day = (what: string) => z.string().refine(isIsoDay, { message: `The ${what} must be a date written YYYY-MM-DD.` });
const unknownKey = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `This page has no filter named ${(issue.keys ?? []).join(", ")}.` : undefined,
};
const rangeInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const rangeIssue = { message: "The start date is after the end date.", path: ["from"] };

/** The card table's view (lib/finance/card-table-state.ts): sort, direction and filters. */
const cardFilters = z
  .strictObject(
    {
      sort: z.enum(["date", "amount"], { message: "Sort by date or amount." }).optional(),
      dir: z.enum(["asc", "desc"], { message: "The direction is asc or desc." }).optional(),
      status: text("status filter", 40).optional(),
      type: text("type filter", 40).optional(),
      q: text("search", 100).optional(),
      from: day("start date").optional(),
      to: day("end date").optional(),
      tz: z.string().refine(isTimeZone, { message: "The time zone must be an IANA name, such as Africa/Lagos." }).optional(),
      currency: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, { message: "The currency must be a three-letter code such as USD." })
        .optional(),
    },
    unknownKey,
  )
  .refine(rangeInOrder, rangeIssue);

const audit = auditQuerySchema.shape;
/** The audit trail's filters (lib/contracts/audit.ts), without its page cursors and size. */
const auditFilters = z
  .strictObject(
    { staff: audit.staff, action: audit.action, outcome: audit.outcome, from: audit.from, to: audit.to, tz: audit.tz },
    unknownKey,
  )
  .refine(rangeInOrder, rangeIssue);

/** The customer directory's filters (lib/customers/directory.ts). */
const customerFilters = z.strictObject(directoryQuerySchema.shape, unknownKey);

type PageInfo = {
  label: string;
  capability: Capability;
  /** The filter keys of the page's URL, in the order a view's address writes them. */
  keys: readonly string[];
  schema: z.ZodType<Record<string, string | undefined>>;
};

export const VIEW_PAGES: Record<ViewPage, PageInfo> = {
  card_transactions: {
    label: "Card transactions",
    capability: "finance.read",
    keys: ["sort", "dir", "status", "type", "q", "from", "to", "tz", "currency"],
    schema: cardFilters,
  },
  audit: { label: "Audit trail", capability: "audit.read", keys: ["staff", "action", "outcome", "from", "to", "tz"], schema: auditFilters },
  customers: { label: "Customers", capability: "verification.read", keys: ["state", "q"], schema: customerFilters },
};

export function isViewPage(value: unknown): value is ViewPage {
  return typeof value === "string" && (viewPages as readonly string[]).includes(value);
}

/** At most this many filters in a view, each at most this long before the page's own schema reads it. */
export const MAX_FILTER_KEYS = 12;
export const MAX_FILTER_VALUE = 254;
export const MAX_VIEW_NAME = 60;

/**
 * A view's filters read by its page's schema: the canonical form that is stored (trimmed, empty
 * values and defaults left out, the zone only with a date), or the issues naming each bad key.
 */
export function parseViewFilters(
  page: ViewPage,
  input: unknown,
): { ok: true; filters: ViewFilters } | { ok: false; issues: { key: string; message: string }[] } {
  const record = z.record(z.string(), z.string()).safeParse(input);
  if (!record.success) return { ok: false, issues: [{ key: "", message: "The filters are a list of names and text values." }] };
  const issues: { key: string; message: string }[] = [];
  const entries = Object.entries(record.data);
  if (entries.length > MAX_FILTER_KEYS) issues.push({ key: "", message: `A view holds at most ${MAX_FILTER_KEYS} filters.` });
  for (const [key, value] of entries) {
    if (value.length > MAX_FILTER_VALUE) issues.push({ key, message: `The ${key} filter is at most ${MAX_FILTER_VALUE} characters.` });
    const kind = sensitiveNumberIn(value);
    if (kind) issues.push({ key, message: sensitiveNumberMessage(`${key} filter`, kind) });
  }
  if (issues.length) return { ok: false, issues };
  const blankless = Object.fromEntries(entries.filter(([, v]) => v.trim() !== ""));
  const parsed = VIEW_PAGES[page].schema.safeParse(blankless);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        key: issue.code === "unrecognized_keys" ? String(issue.keys[0] ?? "") : String(issue.path[0] ?? ""),
        message: issue.message,
      })),
    };
  }
  return { ok: true, filters: canonical(page, parsed.data) };
}

function canonical(page: ViewPage, data: Record<string, string | undefined>): ViewFilters {
  const out: ViewFilters = {};
  for (const key of VIEW_PAGES[page].keys) {
    const value = data[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  if (page === "card_transactions") {
    if (out.sort === "date") delete out.sort;
    if (out.dir === "desc") delete out.dir;
  }
  // A zone only means something with a date (both pages read their days in it).
  if (!out.from && !out.to) delete out.tz;
  return out;
}

/** The page's filters present in a URL's query (anything else in it is not part of a view). */
export function filtersInSearch(page: ViewPage, search: URLSearchParams): ViewFilters {
  const out: ViewFilters = {};
  for (const key of VIEW_PAGES[page].keys) {
    const value = search.get(key);
    if (value !== null && value.trim() !== "") out[key] = value;
  }
  return out;
}

/** `?view=none`: the page without any view, even when the member has a default. */
export const NO_VIEW = "none";

/** A view's address on its page: its filters, then `view=<id>` so the page knows which view is open. */
export function viewSearch(page: ViewPage, filters: ViewFilters, id: string): string {
  const search = new URLSearchParams();
  for (const key of VIEW_PAGES[page].keys) if (filters[key]) search.set(key, filters[key]);
  search.set("view", id);
  return `?${search.toString()}`;
}

/** Whether two filter sets mean the same view (the zone aside when no date is set). */
export function sameFilters(page: ViewPage, a: ViewFilters, b: ViewFilters): boolean {
  const left = parseViewFilters(page, a);
  const right = parseViewFilters(page, b);
  if (!left.ok || !right.ok) return false;
  return JSON.stringify(left.filters) === JSON.stringify(right.filters);
}
