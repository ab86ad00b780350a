import { queryOptions } from "@tanstack/react-query";
import {
  createCardAnswerSchema,
  type CreateCardAnswer,
  getCustomerCards,
  type IssuedCard,
  postCard,
  recentIssuanceErrorSchema,
} from "@/lib/contracts/cards";
import { pathOf } from "@/lib/contracts/contract";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";
import { call } from "./call";
import { BffError, bffFetch, type FailureWording } from "./fetcher";

export const issuedCardsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "issued-cards"],
    queryFn: ({ signal }) => call(getCustomerCards, { params: { id: customerId }, signal }),
  });

/** 409 `card_recently_issued`, with the issuance the page must show before offering a second card. */
export class RecentlyIssuedError extends BffError {
  constructor(
    message: string,
    readonly issuance: IssuedCard,
  ) {
    super(409, "card_recently_issued", message);
    this.name = "RecentlyIssuedError";
  }
}

/** One key per intent: made when the confirmation dialog opens, reused by every retry of it. */
export function newIdempotencyKey(): string {
  return `card-${globalThis.crypto.randomUUID()}`;
}

/** A card request's outcome may be unknown after a failure: the wording points at the issued cards, not at a retry. */
const CARD_WORDING: FailureWording = {
  network: "The back-office could not be reached, so the answer is not known here. Check your connection.",
  unexpected: "The back-office answered unexpectedly. Look at the issued cards before trying again.",
  invalid: "The back-office answered with data we could not read. Look at the issued cards before trying again.",
};

/**
 * The create-card contract with the intent's Idempotency-Key. A 409 card_recently_issued carries
 * who issued which card and when, beyond the plain envelope, and the page shows it before offering
 * a second card. `acknowledge`: the issuance the warning showed; sending it is the explicit
 * confirmation of a second card.
 */
export function requestCard(input: { customerId: string; key: string; acknowledge: IssuedCard | null }): Promise<CreateCardAnswer> {
  return bffFetch(pathOf(postCard, undefined), createCardAnswerSchema, {
    method: postCard.method,
    headers: { [IDEMPOTENCY_KEY_HEADER]: input.key },
    body: {
      customer_id: input.customerId,
      ...(input.acknowledge ? { confirm_additional: true, acknowledged_issuance_id: input.acknowledge.id } : {}),
    },
    wording: CARD_WORDING,
    failure: (payload) => {
      const recent = recentIssuanceErrorSchema.safeParse(payload);
      return recent.success ? new RecentlyIssuedError(recent.data.error.message, recent.data.recent_issuance) : undefined;
    },
  });
}
