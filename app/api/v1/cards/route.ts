import { postCard } from "@/lib/contracts/cards";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { createCard } from "@/server/customers/card-creation";

export const POST = route(postCard, async ({ body, staff, requestId, request }) => {
  await requireRecentSecondFactor(staff);
  return createCard({ body, staff, requestId, request });
});
