import type { Instrumentation } from "next";

/** Runs once when the server starts; the Node-only work lives in server/startup.ts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./server/startup")).start();
}

/**
 * Every error Next.js caught while serving a request (a render, a route, a server action), as one
 * JSON line through server/log: the error serialized and masked there (a database error keeps its
 * SQLSTATE, never its statement or parameters), with the route as declared (`/customers/[id]`) and
 * the error's digest (what the error page shows) — never the request's path, query or headers,
 * which hold identifiers and the session cookie. A page's own failure was already logged with its
 * cause by server/http/page.ts, which replaced it with a plain `Error("page failed")`: that one is
 * not logged twice. Next.js still prints the error itself; for a page it is that plain one.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (error instanceof Error && error.name === "Error" && error.message === "page failed") return;
  const { log } = await import("./server/log");
  const digest = typeof error === "object" && error !== null && "digest" in error ? String(error.digest) : undefined;
  log.error(
    { err: error, method: request.method, route: context.routePath, routeType: context.routeType, ...(digest ? { digest } : {}) },
    "request failed",
  );
};
