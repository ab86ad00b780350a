import { getAudit } from "@/lib/contracts/audit";
import { auditListHandler } from "@/server/audit/handlers";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";

export const GET = route(getAudit, async ({ query }) => auditListHandler(await db(), query));
