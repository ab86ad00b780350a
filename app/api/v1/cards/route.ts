import { postCard } from "@/lib/contracts/cards";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { createCard } from "@/server/customers/card-creation";

export const POST = route(postCard, async ({ db, staff, body, requestId, idempotencyKey }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return createCard({ db, actor: staff, input: body, requestId, idempotencyKey });
});
