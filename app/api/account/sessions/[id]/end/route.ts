import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { endOwnSession } from "@/server/staff/sessions";

const post = route(accountContracts.endOwnSession, ({ db, staff, params, requestId }) =>
  endOwnSession({ db, actor: staff, input: params, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
