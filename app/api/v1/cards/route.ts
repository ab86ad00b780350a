import { createCardBodySchema } from "@/lib/customers/verification-view";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { createCard } from "@/server/customers/card-creation";

export const POST = route(
  { capability: "verification.submit", action: "card.create", body: createCardBodySchema },
  async ({ body, staff, requestId, request }) => {
    await requireRecentSecondFactor(staff);
    return createCard({ body, staff, requestId, request });
  },
);
