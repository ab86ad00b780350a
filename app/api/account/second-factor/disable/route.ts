import * as accountContracts from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { disableSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const post = route(accountContracts.disableSecondFactor, async ({ db, staff, body, requestId, request }) => {
  const { endedSessions } = await disableSecondFactor({
    db,
    actor: staff,
    input: body,
    requestId,
    address: clientAddress(request.headers),
  });
  return { ok: true as const, endedSessions };
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
