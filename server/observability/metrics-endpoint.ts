import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { getMetrics } from "@/lib/contracts/ops";
import { readConnectionGauges } from "./database";
import { metricsText } from "./metrics";

/**
 * OutsideContext (server/http/route.ts), which outsideRoute hands the handler: written out here, as
 * this folder is imported by server/http and does not import it back.
 */
type OutsideContext = { requestId: string; refuse: (error: unknown, headers?: Record<string, string>) => Response };

/**
 * `GET /api/metrics` for a scraper holding the bearer token. Without a configured token the route
 * does not exist (404); a missing or wrong token is a 401 that says nothing more. The comparison
 * runs over digests of equal length, so its time does not depend on how much of the token matched.
 * `beforeScrape`: readers of gauges held in the database, given by the route (they live in feature
 * folders that import this one). Served through outsideRoute: a refusal is the API's error answer
 * (`refuse`), and every answer carries the request id, as route()'s do.
 */
export function metricsEndpoint(
  tokenOf: () => string | undefined,
  beforeScrape: ReadonlyArray<() => Promise<void>> = [],
): (request: Request, context: OutsideContext) => Promise<Response> {
  return async (request, { refuse }) => {
    const token = tokenOf();
    if (!token) return refuse(fail(getMetrics, "not_found", "Nothing is served at this address."));
    if (!bearerMatches(request.headers.get("authorization"), token)) {
      const refusal = fail(GUARD_ERRORS, "unauthenticated", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.");
      return refuse(refusal, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    readConnectionGauges();
    // Gauges read from the database (approvals_pending): one that cannot be read keeps its last value.
    await Promise.all(beforeScrape.map((read) => read().catch(() => undefined)));
    const { contentType, body } = await metricsText();
    return new Response(body, { headers: { "Cache-Control": "no-store", "Content-Type": contentType } });
  };
}

export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "");
  const sent = match?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  // Always compared, even when nothing was sent, so a missing header takes the same path.
  return timingSafeEqual(digest(sent), digest(token)) && match !== null;
}
