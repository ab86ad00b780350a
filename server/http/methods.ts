import "server-only";
import { fail } from "@/lib/contracts/fail";
import { observeRequest } from "@/server/observability/http-server";
import { logAccess } from "./access-log";
import { errorResponse } from "./respond";
import type { ContractRoute } from "./route";

/**
 * The methods Next.js hands to a route file's exports (its own HTTP_METHODS; any other it refuses
 * with a 400 before a file is looked at). For a name a file does not export it answers a bare 405
 * with no `Allow`, which RFC 9110 forbids and which is not our envelope: so every route file
 * exports all of them, through methods() below.
 */
export const HTTP_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What a route file may declare; HEAD and OPTIONS follow from them. */
type DeclarableMethod = Exclude<HttpMethod, "HEAD" | "OPTIONS">;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
/** Our answer for a method the file does not declare (405), or OPTIONS (204). */
type Answered = (request: Request, context?: RouteContext) => Promise<Response>;
// `never` lets a handler typed for its own params (next-auth's) be declared as it is.
type Served = (request: Request, context: never) => Promise<Response> | Response;

/** A route file's exports: each declared handler as it is, HEAD as GET (route() answers it without the handler), and ours for the rest. */
export type RouteMethods<H> = {
  [M in HttpMethod]: M extends keyof H ? H[M] : M extends "HEAD" ? ("GET" extends keyof H ? H["GET"] : Answered) : Answered;
};

const METHOD_ERRORS = ["method_not_allowed"] as const;
const answeredHere = new WeakSet<object>();

/** Whether a route file's export is ours for a method it does not declare (the route tests skip those). */
export function isUndeclaredMethod(handler: unknown): boolean {
  return typeof handler === "function" && answeredHere.has(handler);
}

/**
 * A route file's exports from its routes, each declaring its method by its contract:
 * `export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);`.
 */
export function methods<const R extends readonly ContractRoute[]>(
  ...routes: R
): RouteMethods<{ [K in R[number] as K["contract"]["method"]]: K }> {
  const path = routes[0]?.contract.path;
  if (!path) throw new Error("methods() needs the file's routes");
  const handlers: Partial<Record<DeclarableMethod, Served>> = {};
  for (const r of routes) {
    if (r.contract.path !== path) throw new Error(`${r.contract.path}: declared in the route file of ${path}`);
    if (handlers[r.contract.method]) throw new Error(`${path}: two routes for ${r.contract.method}`);
    handlers[r.contract.method] = r;
  }
  return methodsOf(path, handlers) as never;
}

/** The same for handlers without a contract (the auth library's), named by method and by the route's path. */
export function methodsOf<const H extends Partial<Record<DeclarableMethod, Served>>>(path: string, handlers: H): RouteMethods<H> {
  const declared = Object.keys(handlers) as DeclarableMethod[];
  const allow = [...declared, ...(handlers.GET ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const out: Partial<Record<HttpMethod, Served>> = {};
  for (const method of HTTP_METHODS) {
    if (method === "HEAD") out.HEAD = handlers.GET ?? refusal(path, allow);
    else if (method === "OPTIONS") out.OPTIONS = options(allow);
    else out[method] = handlers[method] ?? refusal(path, allow);
  }
  return out as RouteMethods<H>;
}

function refusal(path: string, allow: string): Answered {
  const refuse: Answered = (request, context) =>
    observeRequest({ method: request.method, path }, async (requestId) => {
      const startedAt = performance.now();
      const response = errorResponse(
        fail(METHOD_ERRORS, "method_not_allowed", `This address does not answer ${request.method}; it answers ${allow}.`),
        requestId,
      );
      response.headers.set("Allow", allow);
      return logAccess(request, context?.params, startedAt, requestId, response);
    });
  answeredHere.add(refuse);
  return refuse;
}

/** What Next.js answers to OPTIONS itself, from the declared methods rather than from the exports (which are all of them). */
function options(allow: string): Answered {
  const answer: Answered = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  answeredHere.add(answer);
  return answer;
}
