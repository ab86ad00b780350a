import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { endOwnSession } from "@/server/staff/sessions";

export const POST = route(accountContracts.endOwnSession, ({ db, staff, params, requestId }) =>
  endOwnSession({ db, actor: staff, input: params, requestId }),
);
