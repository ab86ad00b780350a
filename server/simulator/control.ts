import "server-only";
import { faultSpecSchema } from "./faults";
import { generalError, json } from "./respond";
import type { ResettableSimulator } from "./simulator";

export const CONTROL_PREFIX = "/__sim";

/**
 * Test controls of the standalone server, outside the API root so no API client can reach them
 * by accident. Returns null for anything else, which then goes to the simulator.
 */
export async function handleControl(request: Request, simulator: ResettableSimulator): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(`${CONTROL_PREFIX}/`)) return null;
  const route = `${request.method} ${pathname.slice(CONTROL_PREFIX.length)}`;
  switch (route) {
    case "GET /health":
      return json(200, { status: "ok" });
    case "GET /faults":
      return json(200, { faults: simulator.faults.list() });
    case "POST /faults": {
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return generalError(400, "Send a FaultSpec as JSON.", { body: "Expected a JSON object." });
      }
      const parsed = faultSpecSchema.safeParse(body);
      if (!parsed.success) {
        return generalError(
          400,
          "Invalid FaultSpec.",
          Object.fromEntries(parsed.error.issues.map((i) => [i.path.join(".") || "body", i.message])),
        );
      }
      simulator.faults.add(parsed.data);
      return json(201, { faults: simulator.faults.list() });
    }
    case "DELETE /faults":
      simulator.faults.clear();
      return new Response(null, { status: 204 });
    case "GET /stats":
      return json(200, simulator.stats.all());
    case "DELETE /stats":
      simulator.stats.reset();
      return new Response(null, { status: 204 });
    case "POST /reset":
      simulator.reset();
      return new Response(null, { status: 204 });
    default:
      return generalError(404, "No such control endpoint.", { path: pathname });
  }
}
