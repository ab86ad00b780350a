import { changeOwnPassword as changeOwnPasswordContract } from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { changeOwnPassword } from "@/server/staff/password";

export const POST = route(changeOwnPasswordContract, async ({ staff, body, requestId, request }) =>
  changeOwnPassword(await db(), staff, { sessionId: staff.sessionId, address: clientAddress(request.headers) }, body, requestId),
);
