import { auditQuerySchema } from "@/lib/schemas/audit";
import { auditExportHandler } from "@/server/audit/handlers";
import { route } from "@/server/bff/route";

export const GET = route({ capability: "audit.read", action: "audit.export", query: auditQuerySchema }, auditExportHandler);
