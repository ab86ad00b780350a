import { secondFactorCodeSchema } from "@/lib/schemas/second-factor";
import { stepUp } from "@/server/auth/second-factor";
import { withSession } from "@/server/auth/signed-in";
import { legacyRoute as route } from "@/server/http/legacy-route";

export const POST = route({ capability: "account.self", action: "auth.step_up", body: secondFactorCodeSchema }, async ({ staff, body }) => {
  await stepUp(withSession(staff), body.code);
  return { ok: true };
});
