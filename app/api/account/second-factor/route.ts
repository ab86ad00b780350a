import * as accountContracts from "@/lib/contracts/account";
import { secondFactorStatus } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(accountContracts.getSecondFactorStatus, ({ db, staff }) => secondFactorStatus({ db, actor: staff }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
