import { getSecondFactorStatus } from "@/lib/contracts/account";
import { secondFactorStatus } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const GET = route(getSecondFactorStatus, ({ staff }) => secondFactorStatus(staff));
