import { disableSecondFactor as disableSecondFactorContract } from "@/lib/contracts/account";
import { disableSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(disableSecondFactorContract, async ({ staff, body }) => {
  await disableSecondFactor(staff, body.code);
  return { ok: true as const };
});
