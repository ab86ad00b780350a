import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isUndeclaredMethod } from "@/server/http/methods";

const APP_DIR = path.join(process.cwd(), "app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** A handler exported by a route file, as the tests call it. */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Every route.ts under app/api, as absolute paths. */
export function apiRouteFiles(dir = path.join(APP_DIR, "api")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return apiRouteFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/**
 * Every method each API route file declares, keyed `METHOD /api/…` with Next's folder names. A file
 * exports every method (server/http/methods.ts); those it does not declare answer 405 and are left out.
 */
export async function discoverApiRoutes(
  skip: ReadonlySet<string> = new Set(),
): Promise<{ key: string; method: string; template: string; handler: RouteHandler }[]> {
  const found = [];
  for (const file of apiRouteFiles()) {
    const template = "/" + path.relative(APP_DIR, path.dirname(file)).split(path.sep).join("/");
    if (skip.has(template)) continue;
    const mod = (await import(file)) as Record<string, unknown>;
    for (const method of METHODS) {
      if (typeof mod[method] === "function" && !isUndeclaredMethod(mod[method]))
        found.push({ key: `${method} ${template}`, method, template, handler: mod[method] as RouteHandler });
    }
  }
  return found;
}
