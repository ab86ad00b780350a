import { postCard } from "@/lib/contracts/cards";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { createCard } from "@/server/customers/card-creation";

export const POST = route(postCard, async ({ db, body, staff, requestId, request }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return createCard({ body, staff, requestId, request });
});
