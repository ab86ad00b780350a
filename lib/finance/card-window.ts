import { z } from "@/lib/validation/zod";
import { cardRowSchema } from "./card-rows";
import type { CurrencyTotals } from "./card-totals";
import { CARD_PAGE_SIZE } from "./card-page-size";
import { isTimeZone } from "@/lib/time/zone";
import { hasUnsafeCharacters } from "@/lib/validation/plain-text";
import { unsafeTextMessage } from "@/lib/validation/text-messages";
import { dayOrBlankSchema } from "@/lib/time/day-schema";
import { countParam } from "@/lib/validation/count-param";

export { CARD_PAGE_SIZE };
const MAX_LIMIT = 500;

const minor = z.object({ billions: z.number().int(), rest: z.number().int().gt(-1e9).lt(1e9) });
const count = z.number().int();
const bucketSums = z.object({ spent: minor, refunded: minor, net: minor, failed: minor, reversed: minor, pending: minor, other: minor });
const bucketCounts = z.object({ spent: count, refunded: count, failed: count, reversed: count, pending: count, other: count });
const currencyTotalsSchema: z.ZodType<CurrencyTotals> = z.object({
  currency: z.string(),
  digits: z.number().int().min(0),
  minor: bucketSums,
  count: bucketCounts,
});

const snapshotId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "That list snapshot id is not valid." });

const printable = (v: string) => !hasUnsafeCharacters(v);
// Our own client sends a search without them (tableStateToSearch); anything else is refused, never matched.
const unprintable = (what: string) => ({ message: unsafeTextMessage(what) });

/** `sort`, `dir`, `status`, `type`, `q`, `from`, `to`, `tz` and `currency` as the table's URL holds them; strict here, since only our own client sends them. */
const viewFields = {
  sort: z.enum(["date", "amount"], { message: "Sort by date or amount." }).default("date"),
  dir: z.enum(["asc", "desc"], { message: "The direction is asc or desc." }).default("desc"),
  status: z
    .string()
    .trim()
    .max(40, { message: "The status filter can be at most 40 characters." })
    .refine(printable, unprintable("status filter"))
    .default(""),
  type: z
    .string()
    .trim()
    .max(40, { message: "The type filter can be at most 40 characters." })
    .refine(printable, unprintable("type filter"))
    .default(""),
  q: z.string().max(100, { message: "The search can be at most 100 characters." }).refine(printable, unprintable("search")).default(""),
  /** Inclusive calendar days in `tz` (the staff member's zone), YYYY-MM-DD. */
  from: dayOrBlankSchema.default(""),
  to: dayOrBlankSchema.default(""),
  tz: z.string().default("UTC").refine(isTimeZone, { message: "tz must be an IANA time zone name, such as Africa/Lagos or UTC." }),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{0,3}$/, { message: "currency must be a three-letter code such as USD." })
    .default(""),
  snapshot: snapshotId.optional(),
};

const rangeInOrder = (v: { from: string; to: string }) => !v.from || !v.to || v.from <= v.to;
const rangeIssue = { message: "from must not be after to.", path: ["from"] };

/** `GET /api/v1/cards/{id}/transactions`: one window of the filtered, sorted list of a card. */
export const cardWindowQuerySchema = z
  .strictObject(
    {
      ...viewFields,
      offset: countParam("The offset", { min: 0, max: 10_000_000, fallback: 0 }),
      limit: countParam("The limit", { min: 1, max: MAX_LIMIT, fallback: CARD_PAGE_SIZE }),
      refresh: z.literal("1", { message: "refresh takes the value 1." }).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}.` : undefined) },
  )
  .refine(rangeInOrder, rangeIssue);
export type CardWindowQuery = z.infer<typeof cardWindowQuerySchema>;

/** `GET /api/v1/cards/{id}/transactions/export`: the same view as CSV, from the same snapshot. */
export const cardExportQuerySchema = z
  .strictObject(viewFields, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}.` : undefined),
  })
  .refine(rangeInOrder, rangeIssue);
export type CardExportQuery = z.infer<typeof cardExportQuerySchema>;

export const cardWindowSchema = z.object({
  /** The copy of the upstream list this window was cut from; later pages ask for the same one. */
  // fetchedAt: the list's as-of time; checkedAt: when the instance answering last saw the upstream list
  // equal to it (later than fetchedAt when another instance rebuilt the view to serve it).
  snapshot: z.object({ id: z.string(), fetchedAt: z.string(), checkedAt: z.string().optional(), total: z.number().int() }),
  /** Rows passing the filters, all pages together. */
  matched: z.number().int(),
  /** Per currency ("" when a row has none), over every matched row: spent, refunded, net and the rest apart, in minor units. */
  totals: z.array(currencyTotalsSchema),
  /** Every currency in the list (not just the view), for the currency filter. */
  currencies: z.array(z.string()),
  statuses: z.array(z.string()),
  types: z.array(z.string()),
  offset: z.number().int(),
  rows: z.array(cardRowSchema),
});
export type CardWindow = z.infer<typeof cardWindowSchema>;
