import { regenerateRecoveryCodes as regenerateRecoveryCodesContract } from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { regenerateRecoveryCodes } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(regenerateRecoveryCodesContract, ({ staff, body, requestId, request }) =>
  regenerateRecoveryCodes(staff, { ...body, requestId, address: clientAddress(request.headers) }),
);
