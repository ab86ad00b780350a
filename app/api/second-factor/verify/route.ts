import * as accountContracts from "@/lib/contracts/account";
import { passSignInSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(accountContracts.verifySecondFactor, ({ db, staff, body }) =>
  passSignInSecondFactor({ db, actor: staff, input: body }),
);
