import * as opsContracts from "@/lib/contracts/ops";
import { db } from "@/server/db/client";
import { readiness } from "@/server/health";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";

export const dynamic = "force-dynamic";

/** 200 when this instance can serve staff; 503 naming the part that cannot (database, shutting_down); the upstream's state is informational. */
const get = outsideRoute(opsContracts.getReady, async () => {
  const result = await readiness({ openDb: db });
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
