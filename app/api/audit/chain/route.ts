import { getAuditChain } from "@/lib/contracts/audit";
import { auditChainHandler } from "@/server/audit/handlers";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";

export const GET = route(getAuditChain, async () => auditChainHandler(await db()));
