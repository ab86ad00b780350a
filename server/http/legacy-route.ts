import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError, errors } from "@/lib/errors";
import { searchParamsRecord } from "@/lib/route-params";
import { can, type Capability } from "@/lib/permissions";
import { writeAuditQuietly } from "@/server/audit/writer";
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from "@/server/auth/must-change-password";
import { currentStaff } from "@/server/auth/session";
import type { StaffMember } from "@/server/auth/staff-repo";
import { logAccess } from "./access-log";
import { assertSameOrigin, readJsonBody } from "./request-guard";
import { errorResponse, json } from "./respond";
import { parseOrThrow } from "./validate";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type HandlerContext<P, B, Q = undefined> = { staff: StaffMember; params: P; body: B; query: Q; requestId: string; request: Request };

type Config<P, B, Q> = {
  /** The capability of the permission matrix this route needs. */
  capability: Capability;
  /** Audit action recorded when a signed-in staff member is refused by role. */
  action: string;
  params?: z.ZodType<P>;
  body?: z.ZodType<B>;
  /** The URL's query string, first value of each name. */
  query?: z.ZodType<Q>;
};

/** A handler's result: data to send as 200 JSON, or a full Response when it needs another status. */
type Result = unknown;

/**
 * TRANSITIONAL: the config-style wrapper the routes used before contracts; each route moves to
 * route(contract, handler) in ./route.ts, and this file goes when none is left.
 *
 * The one wrapper around every BFF route: session (401) → role (403, audited) → same-origin, JSON
 * and size checks for state-changing methods → params, query and body validated (400 naming the field) →
 * handler → `no-store` JSON, or the error envelope.
 */
export function legacyRoute<P = Record<string, never>, B = undefined, Q = undefined>(config: Config<P, B, Q>, handler: (ctx: HandlerContext<P, B, Q>) => Promise<Result>) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    try {
      const staff = await currentStaff();
      if (!staff) throw errors.unauthenticated();
      // After an administrator's reset only the member's own account routes work, until they choose a password.
      if (mustChangePassword(staff) && config.capability !== "account.self") {
        throw new AppError({ status: 403, code: "password_change_required", message: PASSWORD_CHANGE_REQUIRED });
      }
      if (!can(staff.role, config.capability)) {
        await writeAuditQuietly({
          actor: staff,
          action: config.action,
          target: new URL(request.url).pathname,
          outcome: "denied",
          requestId,
          detail: { reason: "role", capability: config.capability },
        });
        throw errors.forbidden();
      }
      const stateChanging = request.method !== "GET" && request.method !== "HEAD";
      if (stateChanging) assertSameOrigin(request);
      const rawParams = (await context?.params) ?? {};
      const params = config.params ? parseOrThrow(config.params, rawParams) : ({} as P);
      // Every state-changing request must be JSON within the size limit, even one whose body is ignored.
      const rawBody = stateChanging ? await readJsonBody(request) : undefined;
      const body = config.body ? parseOrThrow(config.body, rawBody) : (undefined as B);
      const query = config.query ? parseOrThrow(config.query, searchParamsRecord(new URL(request.url).searchParams)) : (undefined as Q);
      const result = await handler({ staff, params, body, query, requestId, request });
      return logAccess(request, context?.params, startedAt, requestId, result instanceof Response ? withNoStore(result, requestId) : json(result, { requestId }));
    } catch (error) {
      return logAccess(request, context?.params, startedAt, requestId, errorResponse(error, requestId));
    }
  };
}

function withNoStore(response: Response, requestId: string): Response {
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Request-Id", requestId);
  return response;
}
