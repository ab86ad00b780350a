import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { listOwnSessions } from "@/server/staff/sessions";

export const GET = route(accountContracts.listOwnSessions, ({ db, staff }) =>
  listOwnSessions({ db, actor: staff, currentSessionId: staff.sessionId }),
);
