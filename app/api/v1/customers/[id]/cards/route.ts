import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readIssuedCards } from "@/server/customers/issued-cards";

/** The customer's issued cards from `card_issuances` (who, when, which card); no upstream call. */
export const GET = route({ capability: "verification.read", action: "card.list", params: idParams }, ({ params }) => readIssuedCards(params.id));
