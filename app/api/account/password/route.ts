import * as accountContracts from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { route } from "@/server/http/route";
import { changeOwnPassword } from "@/server/staff/password";

export const POST = route(accountContracts.changeOwnPassword, ({ db, staff, body, requestId, request }) =>
  changeOwnPassword({
    db,
    actor: staff,
    input: body,
    requestId,
    from: { sessionId: staff.sessionId, address: clientAddress(request.headers) },
  }),
);
