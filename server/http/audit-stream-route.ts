import "server-only";
import { auditStreamQuerySchema, getAuditStream } from "@/lib/contracts/audit";
import { AppError } from "@/lib/errors";
import { searchParamsRecord } from "@/lib/route-params";
import { db as openDb } from "@/server/db/client";
import { env } from "@/server/env";
import { route, type ContractRoute } from "./route";
import { parseOrThrow } from "@/server/validate";
import { log } from "@/server/log";
import { bearerMatches } from "@/server/observability/metrics-endpoint";
import { streamResponse } from "@/server/audit/stream";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /api/audit/stream`: a request carrying `Authorization: Bearer` is a log shipper and is judged
 * by the token alone (compared in constant time; no token configured refuses every bearer); any
 * other request is a staff member's, through route() with its session and role checks.
 */
export function auditStreamRoute(): ContractRoute<typeof getAuditStream> {
  const staff = route(getAuditStream, ({ db, query }) => streamResponse({ db, input: query }));
  const serve = async (request: Request, context?: Parameters<typeof staff>[1]): Promise<Response> => {
    if (!/^Bearer\s/i.test(request.headers.get("authorization") ?? "")) return staff(request, context);
    const token = env().auditStreamToken;
    if (!token || !bearerMatches(request.headers.get("authorization"), token)) {
      log.warn({ path: "/api/audit/stream" }, "audit stream refused a bearer token");
      return envelope(401, "unauthenticated", "Send the stream token as Authorization: Bearer <AUDIT_STREAM_TOKEN>.", {
        "WWW-Authenticate": 'Bearer realm="audit-stream"',
      });
    }
    let input;
    try {
      input = parseOrThrow(auditStreamQuerySchema, searchParamsRecord(new URL(request.url).searchParams));
    } catch (error) {
      if (error instanceof AppError) return Response.json(error.toEnvelope(), { status: error.status, headers: NO_STORE });
      throw error;
    }
    // The shipper's request does not go through route(), so the database is opened here, as route() opens it.
    const response = await streamResponse({ db: await openDb(), input });
    response.headers.set("Cache-Control", "no-store");
    return response;
  };
  return Object.assign(serve, { contract: getAuditStream });
}

function envelope(status: number, code: string, message: string, headers: Record<string, string>): Response {
  return Response.json({ error: { code, message } }, { status, headers: { ...NO_STORE, ...headers } });
}
