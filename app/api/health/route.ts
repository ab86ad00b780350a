import * as opsContracts from "@/lib/contracts/ops";
import { db } from "@/server/db/client";
import { health } from "@/server/health";
import { outsideRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = outsideRoute(opsContracts.getHealth, async () => {
  const result = await health({ openDb: db });
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
