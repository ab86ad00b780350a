import { z } from "@/lib/validation/zod";
import type { Capability } from "@/lib/permissions";
import { pathParamSchema } from "@/lib/route-params";
import { auditActionLabel, errorCodeLabel, verificationStateLabel } from "@/lib/format/labels";
import { currencyMinorDigits } from "@/lib/format/money";

export const activityKinds = ["customer", "transaction", "bill", "collection"] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Who may read an object's activity: whoever may read the object itself. */
export const activityCapability: Record<ActivityKind, Capability> = {
  customer: "verification.read",
  transaction: "finance.read",
  bill: "finance.read",
  collection: "finance.read",
};

export const activityQuerySchema = z.object({
  kind: z.enum(activityKinds, { message: "kind is customer, transaction, bill or collection." }),
  id: pathParamSchema,
  /** A collection's account number: credits are simulated (and audited) by account number. */
  account: pathParamSchema.optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  key: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  label: z.string(),
  outcome: z.enum(["success", "denied", "failure"]),
  summary: z.string().nullable(),
  request_id: z.string().nullable(),
  /** "opened" rows come from each staff member's recently opened list: their latest opening only. */
  source: z.enum(["audit", "opened"]),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityListSchema = z.object({ entries: z.array(activityEntrySchema) });
export type ActivityList = z.infer<typeof activityListSchema>;

/** Refusals the back-office makes on purpose, logged as failures of the act they held back. */
const HELD_BACK: Record<string, string> = {
  card_recently_issued: "Second card held back (a card was issued moments ago)",
  in_progress: "Card request held back (another was in progress)",
  not_approved: "Card request held back (customer not approved)",
};

/**
 * The timeline's words for an entry. A card request the back-office held back on purpose (a second
 * card moments after the first) is named for what it is and shown as refused, not as a red failure.
 */
export function activityLabel(action: string, outcome: ActivityEntry["outcome"], detail?: Record<string, unknown> | null): string {
  const heldBack = action === "card.create" && typeof detail?.code === "string" ? HELD_BACK[detail.code] : undefined;
  if (heldBack) return heldBack;
  const label = auditActionLabel(action);
  if (outcome === "denied") return `${label} — refused`;
  if (outcome === "failure") return `${label} — failed`;
  return label;
}

/** The outcome the timeline marks: a held-back request is a refusal, not a failure. */
export function activityOutcome(
  action: string,
  outcome: ActivityEntry["outcome"],
  detail?: Record<string, unknown> | null,
): ActivityEntry["outcome"] {
  if (action === "card.create" && typeof detail?.code === "string" && HELD_BACK[detail.code]) return "denied";
  return outcome;
}

// The entry keeps the amount as sent (1000.5); the timeline reads it as money is written, 1,000.50,
// with the minor digits of the currency the entry names (1,000 for JPY), two for older entries
// that name none. Never fewer digits than were sent. The currency is the account's, named on the
// page around the timeline.
const amountFormats = new Map<number, Intl.NumberFormat>();
function amountWords(amount: string | number, currency: unknown): string {
  const n = typeof amount === "number" ? amount : Number(amount.replace(/,/g, ""));
  if (typeof amount === "string" && (amount.trim() === "" || !Number.isFinite(n))) return amount;
  const digits = (typeof currency === "string" ? currencyMinorDigits(currency) : null) ?? 2;
  let format = amountFormats.get(digits);
  if (!format)
    amountFormats.set(digits, (format = new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: 8 })));
  return format.format(n);
}

const FIELD_NAMES: Record<string, string> = { email: "email", phone_number: "phone number" };

/** A one-line summary of an entry's detail, in words: never hashes, keys or other internals. */
export function activitySummary(action: string, detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const parts: string[] = [];
  // Four-eyes entries name both members: who asked, and who approved or declined.
  if (typeof detail.summary === "string" && action.startsWith("approval.")) parts.push(detail.summary);
  if (typeof detail.requested_by === "string") parts.push(`requested by ${detail.requested_by}`);
  if (typeof detail.approved_by === "string") parts.push(`approved by ${detail.approved_by}`);
  if (typeof detail.declined_by === "string") parts.push(`declined by ${detail.declined_by}`);
  if (Array.isArray(detail.fields_changed))
    parts.push(`changed ${detail.fields_changed.map((f) => FIELD_NAMES[String(f)] ?? String(f)).join(" and ")}`);
  if (detail.during_pending === true) parts.push("during a pending verification");
  if (typeof detail.status === "string")
    parts.push(
      `answered ${verificationStateLabel(detail.status).toLowerCase()}${detail.can_create_card === false && detail.status === "APPROVED" ? " (no card permitted)" : ""}`,
    );
  if (typeof detail.card_id === "string") parts.push(`card ${detail.card_id}`);
  if (typeof detail.amount === "string" || typeof detail.amount === "number")
    parts.push(`amount ${amountWords(detail.amount, detail.currency)}`);
  if (typeof detail.senderReference === "string") parts.push(`reference ${detail.senderReference}`);
  if (typeof detail.transactionId === "string" && action.startsWith("credit.simulate")) parts.push(`transaction ${detail.transactionId}`);
  if (detail.hadToken === false) parts.push("no token on the bill");
  // The payments API's own code, when it sent one, says more than our envelope's upstream_verification_error.
  const code = typeof detail.upstream_code === "string" ? detail.upstream_code : detail.code;
  if (typeof code === "string" && !(action === "card.create" && HELD_BACK[code])) parts.push(errorCodeLabel(code));
  if (typeof detail.reason === "string") parts.push(`reason: ${detail.reason}`);
  return parts.length ? parts.join(", ") : null;
}
