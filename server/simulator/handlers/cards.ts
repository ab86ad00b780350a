import "server-only";
import { z } from "@/lib/validation/zod";
import { PATH_PARAM_PATTERN } from "@/lib/path-params";
import type { Handler, HandlerContext } from "@/server/simulator/context";
import { fail, json } from "@/server/simulator/respond";
import { readJsonBody } from "@/server/simulator/request-body";
import type { CardRecord, CustomerRecord } from "@/server/simulator/seed/records";
import {
  assertKycComplete,
  assertNotBlocked,
  assertServiceAvailable,
  requireCustomer,
  verificationBody,
} from "@/server/simulator/verification";
import { strictObjectError } from "./object-errors";

/** Assumption (the spec does not show POST /cards): `{ customer_id, type: "DEFAULT", currency: "USD" }`. */
const bodySchema = z.strictObject(
  {
    customer_id: z
      .string({ error: "Expected the customer id as a string." })
      .regex(PATH_PARAM_PATTERN, { message: "Not a valid customer id." }),
    type: z.literal("DEFAULT", { error: "Only DEFAULT cards can be created." }),
    currency: z.literal("USD", { error: "Only USD cards can be created." }),
  },
  strictObjectError,
);

function createCard(ctx: HandlerContext, customer: CustomerRecord): Response {
  const n = ++ctx.state.counters.card;
  const card: CardRecord = {
    id: `card_new_${String(n).padStart(4, "0")}`,
    customer_id: customer.id,
    type: "DEFAULT",
    currency: "USD",
    status: "ACTIVE",
    brand: "VISA",
    last4: String(4000 + ((n * 7919) % 6000)).slice(-4),
  };
  ctx.state.cards.set(card.id, card);
  return json(201, card);
}

/**
 * `POST /cards`. Nigerian customers are verified synchronously (rule 3). Others need an approved
 * verification; from NOT_SUBMITTED this legacy path starts document verification and answers the
 * pending status without creating or debiting a card (rule 4).
 */
export const postCards: Handler = async (ctx) => {
  const body = await readJsonBody(ctx.request, bodySchema);
  const customer = requireCustomer(ctx.state, body.customer_id, ctx.businessId);
  if (customer.type !== "INDIVIDUAL") {
    throw fail.typed(422, "CARD_NOT_AVAILABLE", "DEFAULT USD cards are issued to individual customers only.", "customer_id");
  }
  assertServiceAvailable(customer);
  assertKycComplete(customer);
  if (customer.nationality === "NG") return createCard(ctx, customer);
  assertNotBlocked(customer);
  const { status, can_create_card } = customer.verification;
  if (status === "APPROVED" && can_create_card) return createCard(ctx, customer);
  if (status === "APPROVED") {
    throw fail.typed(
      409,
      "CARD_CREATION_NOT_PERMITTED",
      "The saved verification does not permit another card for this customer. Contact support.",
    );
  }
  if (status === "NOT_SUBMITTED") ctx.verification.start(customer);
  return json(202, verificationBody(customer));
};
