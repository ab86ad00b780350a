import { auditStreamRoute } from "@/server/http/audit-stream-route";
import { methods } from "@/server/http/methods";

export const dynamic = "force-dynamic";

const get = auditStreamRoute();

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
