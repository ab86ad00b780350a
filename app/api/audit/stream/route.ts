import { auditStreamRoute } from "@/server/http/audit-stream-route";

export const dynamic = "force-dynamic";

export const GET = auditStreamRoute();
