import "server-only";
import { auditStreamQuerySchema, getAuditStream } from "@/lib/contracts/audit";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { searchParamsRecord } from "@/lib/route-params";
import { db as openDb } from "@/server/db/client";
import { env } from "@/server/env";
import { route, type ContractRoute } from "./route";
import { errorResponse } from "./respond";
import { parseOrThrow } from "@/server/validate";
import { log } from "@/server/log";
import { bearerMatches } from "@/server/observability/metrics-endpoint";
import { requestIdForTrace } from "@/server/observability/tracing";
import { streamResponse } from "@/server/audit/stream";

/**
 * `GET /api/audit/stream`: a request carrying `Authorization: Bearer` is a log shipper and is judged
 * by the token alone (compared in constant time; no token configured refuses every bearer); any
 * other request is a staff member's, through route() with its session and role checks. Either way
 * the answer carries its request id, and a refusal is the API's error envelope.
 */
export function auditStreamRoute(): ContractRoute<typeof getAuditStream> {
  const staff = route(getAuditStream, ({ db, query }) => streamResponse({ db, input: query }));
  const serve = async (request: Request, context?: Parameters<typeof staff>[1]): Promise<Response> => {
    if (!/^Bearer\s/i.test(request.headers.get("authorization") ?? "")) return staff(request, context);
    const requestId = requestIdForTrace();
    const token = env().auditStreamToken;
    if (!token || !bearerMatches(request.headers.get("authorization"), token)) {
      log.warn({ path: "/api/audit/stream", requestId }, "audit stream refused a bearer token");
      const refusal = fail(GUARD_ERRORS, "unauthenticated", "Send the stream token as Authorization: Bearer <AUDIT_STREAM_TOKEN>.");
      return errorResponse(refusal, requestId, { "WWW-Authenticate": 'Bearer realm="audit-stream"' });
    }
    let input;
    try {
      input = parseOrThrow(auditStreamQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
    } catch (error) {
      return errorResponse(error, requestId);
    }
    // The shipper's request does not go through route(), so the database is opened here, as route() opens it.
    const response = await streamResponse({ db: await openDb(), input });
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
  return Object.assign(serve, { contract: getAuditStream });
}
