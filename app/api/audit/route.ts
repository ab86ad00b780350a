import { auditListHandler } from "@/server/audit/handlers";
import { route } from "@/server/bff/route";

export const GET = route({ capability: "audit.read", action: "audit.read" }, auditListHandler);
