import { changeOwnPassword as changeOwnPasswordContract } from "@/lib/contracts/account";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { changeOwnPassword } from "@/server/staff/password";

export const POST = route(changeOwnPasswordContract, async ({ staff, body, requestId }) => changeOwnPassword(await db(), staff, staff.sessionId, body, requestId));
