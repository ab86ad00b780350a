import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { endOtherOwnSessions } from "@/server/staff/sessions";

const post = route(accountContracts.endOtherOwnSessions, ({ db, staff, requestId }) =>
  endOtherOwnSessions({ db, actor: staff, currentSessionId: staff.sessionId, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
