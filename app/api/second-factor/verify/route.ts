import * as accountContracts from "@/lib/contracts/account";
import { passSignInSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(accountContracts.verifySecondFactor, ({ db, staff, body }) => passSignInSecondFactor({ db, actor: staff, input: body }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
