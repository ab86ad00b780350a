import "server-only";
import type { IssuedCard } from "@/lib/contracts/cards";

/** The 409 message: who, when (UTC, the server knows no viewer's zone) and which card. */
export function describeIssuance(issuance: IssuedCard): string {
  const when = `${issuance.issued_at.slice(0, 16).replace("T", " ")} UTC`;
  const who = `${issuance.staff_name} (${issuance.staff_email})`;
  const what =
    issuance.outcome === "issued"
      ? `Card ${issuance.card_id ?? "(no id)"} was issued to this customer`
      : "A card attempt whose outcome is unknown (the payments API did not confirm it) was made for this customer";
  return `${what} by ${who} at ${when}. Issue another card only if the customer needs a second one, and confirm it.`;
}
