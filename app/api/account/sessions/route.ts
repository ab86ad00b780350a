import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { listOwnSessions } from "@/server/staff/sessions";

const get = route(accountContracts.listOwnSessions, ({ db, staff }) =>
  listOwnSessions({ db, actor: staff, currentSessionId: staff.sessionId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
