import * as accountContracts from "@/lib/contracts/account";
import { startEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(accountContracts.startEnrolment, ({ db, staff }) => startEnrolment({ db, actor: staff }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
