import "server-only";
import { decodedOrNull } from "@/lib/url-decode";
import { log } from "@/server/log";

type Params = Record<string, string | string[] | undefined>;

/**
 * The route as written in app/ (`/api/v1/customers/[id]`), not as requested: path parameters can be
 * identifiers of people, and the query string is left out for the same reason.
 */
export function routeTemplate(pathname: string, params: Params): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) byValue.set(v, name);
  }
  return pathname
    .split("/")
    .map((segment) => {
      // A malformed escape is no parameter value we know; it stays as sent.
      const name = byValue.get(decodedOrNull(segment) ?? segment);
      return name ? `[${name}]` : segment;
    })
    .join("/");
}

export type AccessLine = { requestId: string; method: string; route: string; status: number; durationMs: number };

export function accessLine(request: Request, params: Params, status: number, startedAt: number, requestId: string): AccessLine {
  return {
    requestId,
    method: request.method,
    route: routeTemplate(new URL(request.url).pathname, params),
    status,
    durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
  };
}

/** One JSON line per BFF request, written when the response is ready; returns the response. */
export async function logAccess(
  request: Request,
  params: Promise<Params> | undefined,
  startedAt: number,
  requestId: string,
  response: Response,
): Promise<Response> {
  // Not even built when nothing would be written (LOG_LEVEL=warn): it is on every request's path.
  if (!log.isLevelEnabled("info")) return response;
  const resolved = (await params?.catch(() => ({}))) ?? {};
  log.info(accessLine(request, resolved, response.status, startedAt, requestId), "request");
  return response;
}
