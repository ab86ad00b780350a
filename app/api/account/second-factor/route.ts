import { secondFactorStatus } from "@/server/auth/second-factor";
import { withSession } from "@/server/auth/signed-in";
import { legacyRoute as route } from "@/server/http/legacy-route";

export const GET = route({ capability: "account.self", action: "account.second_factor.read" }, ({ staff }) => secondFactorStatus(withSession(staff)));
