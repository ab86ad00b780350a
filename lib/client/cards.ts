import { queryOptions } from "@tanstack/react-query";
import { createCardAnswerSchema, type CreateCardAnswer, getCustomerCards, IDEMPOTENCY_KEY_HEADER, type IssuedCard, postCard, recentIssuanceErrorSchema } from "../contracts/cards";
import { pathOf } from "../contracts/contract";
import { errorEnvelopeSchema } from "../errors";
import { call } from "./call";
import { BffError } from "./fetcher";

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

/**
 * The create-card contract with the intent's Idempotency-Key. Its own fetch rather than bffFetch:
 * a 409 card_recently_issued carries who issued which card and when, beyond the plain envelope
 * bffFetch reads, and the page shows it before offering a second card.
 * `acknowledge`: the issuance the warning showed; sending it is the explicit confirmation of a second card.
 */
export async function requestCard(input: { customerId: string; key: string; acknowledge: IssuedCard | null }): Promise<CreateCardAnswer> {
  let response: Response;
  try {
    response = await fetch(pathOf(postCard, undefined), {
      method: postCard.method,
      headers: { "Content-Type": "application/json", Accept: "application/json", [IDEMPOTENCY_KEY_HEADER]: input.key },
      body: JSON.stringify({
        customer_id: input.customerId,
        ...(input.acknowledge ? { confirm_additional: true, acknowledged_issuance_id: input.acknowledge.id } : {}),
      }),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new BffError(0, "network_error", "The back-office could not be reached, so the answer is not known here. Check your connection.");
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && typeof window !== "undefined") {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full reload on session end drops cached data
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    const recent = recentIssuanceErrorSchema.safeParse(payload);
    if (recent.success) throw new RecentlyIssuedError(recent.data.error.message, recent.data.recent_issuance);
    const envelope = errorEnvelopeSchema.safeParse(payload);
    throw envelope.success
      ? new BffError(response.status, envelope.data.error.code, envelope.data.error.message, envelope.data.error.field)
      : new BffError(response.status, "unexpected_response", "The back-office answered unexpectedly. Look at the issued cards before trying again.");
  }
  const parsed = createCardAnswerSchema.safeParse(payload);
  if (!parsed.success) throw new BffError(502, "invalid_response", "The back-office answered with data we could not read. Look at the issued cards before trying again.");
  return parsed.data;
}
