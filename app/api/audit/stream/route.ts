import { auditStreamRoute } from "@/server/audit/stream-endpoint";

export const dynamic = "force-dynamic";

export const GET = auditStreamRoute();
