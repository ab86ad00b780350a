import * as accountContracts from "@/lib/contracts/account";
import { stepUp } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(accountContracts.stepUp, async ({ db, staff, body }) => {
  await stepUp({ db, actor: staff, input: body });
  return { ok: true as const };
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
