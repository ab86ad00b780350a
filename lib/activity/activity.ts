import { z } from "zod";
import type { Capability } from "@/lib/permissions";
import { pathParamSchema } from "@/lib/path-params";

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

const LABELS: Record<string, string> = {
  "verification.check": "Checked the verification status",
  "verification.submit": "Submitted for verification",
  "verification.read": "Tried to read the verification",
  "customer.contact.update": "Changed the contact details",
  "customer.contact.read": "Tried to read the contact details",
  "card.create": "Created a card",
  "card.create.replay": "Repeated a card request (answered as the first time, no new card)",
  "card.list": "Tried to list the cards",
  "bill.token.reveal": "Revealed the token",
  "bill.read": "Tried to open the bill",
  "transaction.read": "Tried to open the transaction",
  "collection.read": "Tried to open the collection account",
  "credit.simulate": "Simulated an incoming credit",
  "credit.simulate.replay": "Repeated a credit request (answered as the first time, no new credit)",
  opened: "Opened",
};

export function activityLabel(action: string, outcome: ActivityEntry["outcome"]): string {
  const label = LABELS[action] ?? action;
  if (outcome === "denied") return `${label} — refused`;
  if (outcome === "failure") return `${label} — failed`;
  return label;
}

const STATUS_WORDS: Record<string, string> = {
  NOT_SUBMITTED: "not submitted",
  PENDING: "pending",
  APPROVED: "approved",
  REJECTED: "rejected",
  RECONCILIATION_REQUIRED: "reconciliation required",
};

const FIELD_NAMES: Record<string, string> = { email: "email", phone_number: "phone number" };

/** A one-line summary of an entry's detail, in words: never hashes, keys or other internals. */
export function activitySummary(action: string, detail: Record<string, unknown> | null): string | null {
  if (!detail) return null;
  const parts: string[] = [];
  if (Array.isArray(detail.fields_changed)) parts.push(`changed ${detail.fields_changed.map((f) => FIELD_NAMES[String(f)] ?? String(f)).join(" and ")}`);
  if (detail.during_pending === true) parts.push("during a pending verification");
  if (typeof detail.status === "string") parts.push(`answered ${STATUS_WORDS[detail.status] ?? detail.status}${detail.can_create_card === false && detail.status === "APPROVED" ? " (no card permitted)" : ""}`);
  if (typeof detail.card_id === "string") parts.push(`card ${detail.card_id}`);
  if (typeof detail.amount === "string" || typeof detail.amount === "number") parts.push(`amount ${String(detail.amount)}`);
  if (typeof detail.senderReference === "string") parts.push(`reference ${detail.senderReference}`);
  if (typeof detail.transactionId === "string" && action.startsWith("credit.simulate")) parts.push(`transaction ${detail.transactionId}`);
  if (detail.hadToken === false) parts.push("no token on the bill");
  if (typeof detail.code === "string") parts.push(`error ${detail.code}`);
  if (typeof detail.reason === "string") parts.push(`reason: ${detail.reason}`);
  return parts.length ? parts.join(", ") : null;
}
