import * as accountContracts from "@/lib/contracts/account";
import { secondFactorStatus } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const GET = route(accountContracts.getSecondFactorStatus, ({ db, staff }) => secondFactorStatus({ db, actor: staff }));
