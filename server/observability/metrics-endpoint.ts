import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { readConnectionGauges } from "./database";
import { metricsText } from "./metrics";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /api/metrics` for a scraper holding the bearer token. Without a configured token the route
 * does not exist (404); a missing or wrong token is a 401 that says nothing more. The comparison
 * runs over digests of equal length, so its time does not depend on how much of the token matched.
 * `beforeScrape`: readers of gauges held in the database, given by the route (they live in feature
 * folders that import this one).
 */
export function metricsEndpoint(
  tokenOf: () => string | undefined,
  beforeScrape: ReadonlyArray<() => Promise<void>> = [],
): (request: Request) => Promise<Response> {
  return async (request) => {
    const token = tokenOf();
    if (!token) return envelope(404, "not_found", "Nothing is served at this address.");
    if (!bearerMatches(request.headers.get("authorization"), token)) {
      return envelope(401, "unauthenticated", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.", {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    }
    readConnectionGauges();
    // Gauges read from the database (approvals_pending): one that cannot be read keeps its last value.
    await Promise.all(beforeScrape.map((read) => read().catch(() => undefined)));
    const { contentType, body } = await metricsText();
    return new Response(body, { headers: { ...NO_STORE, "Content-Type": contentType } });
  };
}

export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "");
  const sent = match?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  // Always compared, even when nothing was sent, so a missing header takes the same path.
  return timingSafeEqual(digest(sent), digest(token)) && match !== null;
}

function envelope(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { code, message } }, { status, headers: { ...NO_STORE, ...headers } });
}
