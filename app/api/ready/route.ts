import { readiness } from "@/server/health";

export const dynamic = "force-dynamic";

/** 200 when this instance can serve staff; 503 naming the part that cannot (database, upstream_auth, shutting_down). */
export async function GET(): Promise<Response> {
  const result = await readiness();
  return Response.json(result, { status: result.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
