import * as opsContracts from "@/lib/contracts/ops";
import { health } from "@/server/health";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** Liveness: 200 whenever the process answers; the database and the payments API are readiness's business. */
const get = outsideRoute(opsContracts.getHealth, async () => Response.json(health(), { headers: { "Cache-Control": "no-store" } }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
