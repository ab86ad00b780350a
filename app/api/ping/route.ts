import * as opsContracts from "@/lib/contracts/ops";
import { outsideRoute } from "@/server/http/route";

/**
 * Fixed JSON, no session, no database, no upstream: the framework's own cost per request. The
 * benchmark sets the session check and the BFF hop against it; load balancers may probe it too.
 */
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ ok: true });

export const GET = outsideRoute(
  opsContracts.getPing,
  () => new Response(BODY, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } }),
);
