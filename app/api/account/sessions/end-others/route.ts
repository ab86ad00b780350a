import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { endOtherOwnSessions } from "@/server/staff/sessions";

export const POST = route(accountContracts.endOtherOwnSessions, ({ db, staff, requestId }) =>
  endOtherOwnSessions({ db, actor: staff, currentSessionId: staff.sessionId, requestId }),
);
