import { secondFactorCodeSchema } from "@/lib/schemas/second-factor";
import { disableSecondFactor } from "@/server/auth/second-factor";
import { withSession } from "@/server/auth/signed-in";
import { legacyRoute as route } from "@/server/http/legacy-route";

export const POST = route({ capability: "account.self", action: "account.second_factor.disable", body: secondFactorCodeSchema }, async ({ staff, body }) => {
  await disableSecondFactor(withSession(staff), body.code);
  return { ok: true };
});
