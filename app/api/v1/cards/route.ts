import { postCard } from "@/lib/contracts/cards";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { createCard } from "@/server/customers/card-creation";

const post = route(postCard, async ({ db, staff, body, requestId, idempotencyKey }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return createCard({ db, actor: staff, input: body, requestId, idempotencyKey });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
