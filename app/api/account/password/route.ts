import * as accountContracts from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { changeOwnPassword } from "@/server/staff/password";

const post = route(accountContracts.changeOwnPassword, ({ db, staff, body, requestId, request }) =>
  changeOwnPassword({
    db,
    actor: staff,
    input: body,
    requestId,
    from: { sessionId: staff.sessionId, address: clientAddress(request.headers) },
  }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
