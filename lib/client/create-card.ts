import { postCard } from "@/lib/contracts/endpoints/cards";
import type { CreateCardAnswer, IssuedCard } from "@/lib/contracts/cards";
import { call, errorBodyOf } from "./call";
import type { FailureWording } from "./fetcher";

// Apart from cards.ts (the issued cards' query, drawn with the customer page): only the card
// creation dialog, fetched on its first press, sends a card request.

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
 * who issued which card and when, beyond the plain envelope (the contract declares its body), and
 * the page shows it before offering a second card (recentIssuanceOf). `acknowledge`: the issuance
 * the warning showed; sending it is the explicit confirmation of a second card.
 */
export function requestCard(input: { customerId: string; key: string; acknowledge: IssuedCard | null }): Promise<CreateCardAnswer> {
  return call(postCard, {
    idempotencyKey: input.key,
    body: {
      customer_id: input.customerId,
      ...(input.acknowledge ? { confirm_additional: true, acknowledged_issuance_id: input.acknowledge.id } : {}),
    },
    wording: CARD_WORDING,
  });
}

/** The issuance a 409 card_recently_issued names, or undefined for any other outcome. */
export function recentIssuanceOf(error: unknown): IssuedCard | undefined {
  return errorBodyOf(postCard, error, "card_recently_issued")?.recent_issuance;
}
