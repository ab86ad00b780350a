import * as accountContracts from "@/lib/contracts/account";
import { stepUp } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(accountContracts.stepUp, async ({ db, staff, body }) => {
  await stepUp({ db, actor: staff, input: body });
  return { ok: true as const };
});
