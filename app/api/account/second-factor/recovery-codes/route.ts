import * as accountContracts from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { regenerateRecoveryCodes } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(accountContracts.regenerateRecoveryCodes, ({ db, staff, body, requestId, request }) =>
  regenerateRecoveryCodes({ db, actor: staff, input: body, requestId, address: clientAddress(request.headers) }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
