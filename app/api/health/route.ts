import { health } from "@/server/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const result = await health();
  return Response.json(result, { status: result.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
