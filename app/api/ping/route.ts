import * as opsContracts from "@/lib/contracts/ops";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";

/**
 * Fixed JSON, no session, no database, no upstream: the framework's own cost per request. The
 * benchmark sets the session check and the BFF hop against it; load balancers may probe it too.
 */
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ ok: true });

const get = outsideRoute(
  opsContracts.getPing,
  () => new Response(BODY, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
