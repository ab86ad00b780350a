import { secondFactorCodeSchema } from "@/lib/schemas/second-factor";
import { passSignInSecondFactor } from "@/server/auth/second-factor";
import { secondFactorRoute } from "@/server/auth/second-factor-route";

// The second step of a password sign-in for an enrolled member: a code (or a recovery code) makes the session usable.
export const POST = secondFactorRoute({ stages: ["pending"], body: secondFactorCodeSchema }, ({ staff, body }) => passSignInSecondFactor(staff, body.code));
