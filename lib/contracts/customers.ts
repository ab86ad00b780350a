import { z } from "@/lib/validation/zod";
import { activityListSchema, activityQuerySchema } from "@/lib/activity/activity";
import { contactUpdateResultSchema, contactUpdateSchema, customerContactViewSchema } from "@/lib/customers/contact";
import { verificationStatusSchema } from "@/lib/schemas/card-verification";
import { idParams } from "@/lib/route-params";
import { searchQuerySchema, searchResponseSchema } from "@/lib/search/results";
import { contract } from "./contract";
import { UPSTREAM_ERRORS } from "./errors";

const iso = z.string().nullable();

/** What the BFF answers about a customer's verification: the stored, shared state, never a raw upstream body. */
export const verificationViewSchema = z.object({
  customer_id: z.string(),
  /** null: not known yet (never retrieved, or every attempt failed). */
  status: verificationStatusSchema.nullable(),
  can_create_card: z.boolean(),
  /** `status === APPROVED && can_create_card`, computed on the server with isApproved. */
  approved: z.boolean(),
  /** Nigerian customers: verified when the card is created (spec rule 3). */
  verified_at_issuance: z.boolean(),
  source: z.enum(["check", "submit", "webhook", "card"]).nullable(),
  status_updated_at: iso,
  checked_at: iso,
  /** When the shared once-a-minute upstream check may be made again; null = now. */
  next_refresh_at: iso,
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type VerificationView = z.infer<typeof verificationViewSchema>;

export const submitOutcomes = ["pending", "approval_reused", "already_pending", "status"] as const;
export const submitResultSchema = z.object({ outcome: z.enum(submitOutcomes), view: verificationViewSchema });
export type SubmitResult = z.infer<typeof submitResultSchema>;

/** Submitting takes no body (spec Limits 2); an empty JSON object is all we accept. */
export const emptyBodySchema = z.object({}).strict();

/** `?refresh=1` asks for an upstream check if the shared minute has passed. */
export const refreshQuerySchema = z.object({ refresh: z.enum(["1", "0"]).optional() });

export const verificationEventListSchema = z.object({
  events: z.array(
    z.object({
      id: z.number(),
      event_id: z.string(),
      customer_id: z.string(),
      status: z.string(),
      duplicate: z.boolean(),
      received_at: z.string(),
    }),
  ),
});
export type VerificationEventList = z.infer<typeof verificationEventListSchema>;

/** The stored, shared state; `?refresh=1` asks for an upstream check if the shared minute has passed. */
export const getCardVerification = contract({
  method: "GET",
  path: "/api/v1/customers/[id]/card-verification",
  capability: "verification.read",
  action: "verification.read",
  params: idParams,
  query: refreshQuerySchema,
  response: verificationViewSchema,
  errors: [...UPSTREAM_ERRORS, "verification_check_in_progress"],
});

export const postCardVerification = contract({
  method: "POST",
  path: "/api/v1/customers/[id]/card-verification",
  capability: "verification.submit",
  action: "verification.submit",
  params: idParams,
  body: emptyBodySchema,
  response: submitResultSchema,
  errors: UPSTREAM_ERRORS,
});

export const postCustomerUpdate = contract({
  method: "POST",
  path: "/api/v1/customers/[id]/update",
  capability: "customer.contact.edit",
  action: "customer.contact.update",
  params: idParams,
  body: contactUpdateSchema,
  response: contactUpdateResultSchema,
  errors: [...UPSTREAM_ERRORS, "pending_verification_confirmation_required"],
});

/** The contact details as last set through the back-office (no upstream call). */
export const getCustomerContact = contract({
  method: "GET",
  path: "/api/v1/customers/[id]/contact",
  capability: "verification.read",
  action: "customer.contact.read",
  params: idParams,
  response: customerContactViewSchema,
  errors: [],
});

/** The latest webhook deliveries of verification decisions. */
export const getVerificationEvents = contract({
  method: "GET",
  path: "/api/v1/verification-events",
  capability: "verification.read",
  action: "verification.events.read",
  response: verificationEventListSchema,
  errors: [],
});

/** Signed-in staff only here; the capability depends on the kind asked for and is checked by the handler (403). */
export const getActivity = contract({
  method: "GET",
  path: "/api/v1/activity",
  capability: "business.read",
  action: "activity.read",
  query: activityQuerySchema,
  response: activityListSchema,
  errors: [],
});

/** Every role may search; what comes back is filtered by the role's capabilities per kind. */
export const getSearch = contract({
  method: "GET",
  path: "/api/v1/search",
  capability: "workspace.use",
  action: "search",
  query: searchQuerySchema,
  response: searchResponseSchema,
  errors: [],
});
