import { auditQuerySchema } from "@/lib/schemas/audit";
import { auditListHandler } from "@/server/audit/handlers";
import { route } from "@/server/bff/route";

export const GET = route({ capability: "audit.read", action: "audit.read", query: auditQuerySchema }, auditListHandler);
