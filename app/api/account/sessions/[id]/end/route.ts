import { endOwnSession as endOwnSessionContract } from "@/lib/contracts/account";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";
import { endOwnSession } from "@/server/staff/sessions";

export const POST = route(endOwnSessionContract, async ({ staff, params, requestId }) =>
  endOwnSession(await db(), staff, params.id, requestId),
);
