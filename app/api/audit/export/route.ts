import { getAuditExport } from "@/lib/contracts/audit";
import { auditExportHandler } from "@/server/audit/handlers";
import { db } from "@/server/db/client";
import { route } from "@/server/http/route";

export const GET = route(getAuditExport, async ({ staff, query, requestId }) => auditExportHandler(await db(), staff, query, requestId));
