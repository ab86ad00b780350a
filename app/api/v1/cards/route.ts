import { createCardBodySchema } from "@/lib/customers/verification-view";
import { route } from "@/server/bff/route";
import { createCard } from "@/server/customers/card-creation";

export const POST = route(
  { capability: "verification.submit", action: "card.create", body: createCardBodySchema },
  ({ body, staff, requestId, request }) => createCard({ body, staff, requestId, request }),
);
