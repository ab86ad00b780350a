import { z } from "@/lib/validation/zod";
import { auditQuerySchema } from "./audit";
import { directoryQuerySchema } from "@/lib/customers/directory";
import {
  MAX_VIEW_NAME,
  NO_VIEW,
  VIEW_PAGE_INFO,
  canonicalFilters,
  filtersInSearch,
  isViewPage,
  viewPages,
  viewSearch,
  type ViewFilters,
  type ViewPage,
  type ViewPageInfo,
} from "./view-addresses";
import { timeZoneSchema } from "@/lib/time/zone-schema";
import { daySchema } from "@/lib/time/day-schema";
import { hasUnsafeCharacters } from "@/lib/validation/plain-text";
import { sensitiveNumberMessage, unsafeTextMessage } from "@/lib/validation/text-messages";
import { sensitiveNumberIn } from "@/lib/validation/sensitive-digits";

export { MAX_VIEW_NAME, NO_VIEW, filtersInSearch, isViewPage, viewPages, viewSearch, type ViewFilters, type ViewPage };

const printable = (what: string) => ({ check: (v: string) => !hasUnsafeCharacters(v), message: unsafeTextMessage(what) });
const text = (what: string, max: number) =>
  z
    .string()
    .refine(printable(what).check, { message: printable(what).message, abort: true })
    .trim()
    .max(max, { message: `The ${what} can be at most ${max} characters.` });
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
      // The same days the card list takes (day-schema.ts), so a saved view never holds one the list refuses.
      from: daySchema.optional(),
      to: daySchema.optional(),
      tz: timeZoneSchema.optional(),
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

/**
 * Each page's filters with the zod schema of them (view-addresses.ts has the rest), the page's own
 * rules, strict, so a saved view cannot smuggle a key the page does not know or a value the page would refuse.
 */
type PageInfo = ViewPageInfo & { schema: z.ZodType<Record<string, string | undefined>> };

export const VIEW_PAGES: Record<ViewPage, PageInfo> = {
  card_transactions: { ...VIEW_PAGE_INFO.card_transactions, schema: cardFilters },
  audit: { ...VIEW_PAGE_INFO.audit, schema: auditFilters },
  customers: { ...VIEW_PAGE_INFO.customers, schema: customerFilters },
};

/** At most this many filters in a view, each at most this long before the page's own schema reads it. */
export const MAX_FILTER_KEYS = 12;
export const MAX_FILTER_VALUE = 254;

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
  return { ok: true, filters: canonicalFilters(page, parsed.data) };
}
