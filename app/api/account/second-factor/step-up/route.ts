import { stepUp as stepUpContract } from "@/lib/contracts/account";
import { stepUp } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(stepUpContract, async ({ staff, body }) => {
  await stepUp(staff, body.code);
  return { ok: true as const };
});
