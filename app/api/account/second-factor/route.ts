import { secondFactorStatus } from "@/server/auth/second-factor";
import { withSession } from "@/server/auth/signed-in";
import { route } from "@/server/bff/route";

export const GET = route({ capability: "account.self", action: "account.second_factor.read" }, ({ staff }) => secondFactorStatus(withSession(staff)));
