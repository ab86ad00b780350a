import type * as cards from "@/lib/contracts/cards";
import { endpoint } from "./endpoint";

export const getCustomerCards = endpoint<typeof cards.getCustomerCards>({ method: "GET", path: "/api/v1/customers/[id]/cards" });
export const postCard = endpoint<typeof cards.postCard>({
  method: "POST",
  path: "/api/v1/cards",
  idempotent: true,
  errorBodies: ["card_recently_issued"],
});
