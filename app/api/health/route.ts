import * as opsContracts from "@/lib/contracts/ops";
import { db } from "@/server/db/client";
import { health } from "@/server/health";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";

export const dynamic = "force-dynamic";

const get = outsideRoute(opsContracts.getHealth, async () => {
  const result = await health({ openDb: db });
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
