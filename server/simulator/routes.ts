import "server-only";

/** The API root; the spec's {base_url} already includes it. */
export const API_PREFIX = "/api/v1";

/** Every operation the simulator serves: the spec's endpoint table plus `POST /cards`. */
export const OPERATIONS = [
  "POST /auth",
  "GET /business",
  "GET /transactions/{id}",
  "GET /bills/{id}",
  "GET /bills/categories/{id}",
  "GET /bills/categories/{id}/items/{itemId}",
  "GET /cards/{id}/transactions",
  "GET /cards/{id}/transactions/{transactionId}",
  "GET /collections/{id}",
  "POST /identity/bvn",
  "POST /customers/{id}/update",
  "GET /customers/{id}/card-verification",
  "POST /customers/{id}/card-verification",
  "POST /checkouts/{accountNo}/credit",
  "POST /cards",
] as const;

export type OperationName = (typeof OPERATIONS)[number];

type CompiledRoute = { operation: OperationName; method: string; segments: string[] };

const ROUTES: CompiledRoute[] = OPERATIONS.map((operation) => {
  const [method, template] = operation.split(" ") as [string, string];
  return { operation, method, segments: template.split("/").slice(1) };
});

export type RouteMatch =
  | { kind: "matched"; operation: OperationName; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: string[] }
  | { kind: "not-found" };

/**
 * Matches on the raw (still percent-encoded) segments, so an encoded `/` inside an id can never
 * create a segment; each parameter is decoded afterwards and checked by the caller.
 */
export function matchRoute(method: string, pathname: string): RouteMatch {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return { kind: "not-found" };
  const segments = pathname.slice(API_PREFIX.length).split("/").slice(1);
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const params = matchSegments(route.segments, segments);
    if (!params) continue;
    if (route.method !== method.toUpperCase()) {
      allowed.push(route.method);
      continue;
    }
    return { kind: "matched", operation: route.operation, params: decodeAll(params) };
  }
  return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | null {
  if (template.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of template.entries()) {
    const value = actual[i]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name) params[name] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** A malformed escape decodes to itself, which then fails the allowlist with a 400. */
function decodeAll(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}
