import "server-only";

/**
 * Our own sentence for each error code the payments API is known to send. The upstream's text is
 * never shown to staff (it may quote what it was sent, a card number included): it goes to the log,
 * masked. A code not listed here gets the sentence of its status.
 */
const BY_CODE: Record<string, string | ((field: string | undefined) => string)> = {
  VERIFICATION_TEMPORARILY_UNAVAILABLE:
    "The verification service is temporarily unavailable. The saved state is unchanged; try again in a few minutes.",
  VERIFICATION_PROVIDER_ERROR:
    "The document verification provider reported an error that retrying will not fix. Contact support with the customer id.",
  VERIFICATION_NOT_APPLICABLE: (field) =>
    field === "nationality"
      ? "Nigerian customers are verified when the card is created: use Create card instead."
      : field === "type"
        ? "Card verification applies to individual customers only."
        : "Card verification does not apply to this customer.",
  KYC_INCOMPLETE: (field) =>
    field === "identity_document"
      ? "The customer's KYC record has no supported identity document, so card verification cannot be submitted yet."
      : field === "residential_address"
        ? "The customer's KYC record has no residential address, so card verification cannot be submitted yet."
        : "The customer's KYC record is incomplete, so card verification cannot be submitted yet.",
  VERIFICATION_REJECTED:
    "The customer's card verification was rejected. A new attempt cannot be started; contact support to review the documents.",
  RECONCILIATION_REQUIRED:
    "The verification must be reconciled with the customer's saved details before a card can be created. Contact support.",
  CARD_NOT_AVAILABLE: "This card cannot be issued to this customer: US dollar cards are issued to individual customers only.",
  CARD_CREATION_NOT_PERMITTED: "The saved verification does not permit another card for this customer. Contact support.",
};

const BY_STATUS: Record<number, string> = {
  400: "The payments API rejected the request. Check the values and try again.",
  404: "Nothing was found with that id for this business.",
  409: "The payments API refused the request as it stands. Contact support if it persists.",
  422: "The payments API could not process the request. Check the customer's saved details and try again.",
  503: "The verification service is temporarily unavailable. Try again later; if it keeps failing, contact support.",
};

/** The sentence staff see for an upstream refusal with this code (when typed) and status. */
export function upstreamErrorMessage(status: number, code: string | undefined, field: string | undefined): string {
  const known = code === undefined ? undefined : BY_CODE[code];
  if (typeof known === "function") return known(field);
  if (known) return known;
  return BY_STATUS[status] ?? "The payments API refused the request.";
}
