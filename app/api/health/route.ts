import { getHealth } from "@/lib/contracts/ops";
import { health } from "@/server/health";
import { outsideRoute } from "@/server/http/route";

export const dynamic = "force-dynamic";

export const GET = outsideRoute(getHealth, async () => {
  const result = await health();
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
});
