import { auditQuerySchema } from "@/lib/schemas/audit";
import { auditExportHandler } from "@/server/audit/handlers";
import { legacyRoute as route } from "@/server/http/legacy-route";

export const GET = route({ capability: "audit.read", action: "audit.export", query: auditQuerySchema }, auditExportHandler);
