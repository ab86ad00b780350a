import { NextResponse, type NextRequest } from "next/server";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { decodedOrNull } from "@/lib/url-decode";
import { json } from "@/server/http/json-response";
import { sessionCookieName } from "@/server/auth/session-cookie-name";
import { env } from "@/server/env";
import { PAGE_PATH_HEADER } from "@/server/http/page-path";
import { pageSecurity } from "@/server/http/security-headers";

/**
 * Every page gets its Content-Security-Policy here (a fresh nonce per request), the sign-in and
 * not-found pages included. Then an optimistic gate: no session cookie → the sign-in page. It is
 * a convenience, not security: every route handler and page checks the session and the role itself.
 * API requests come here only when their path holds a %-escape (see the matcher).
 */
export function proxy(request: NextRequest) {
  // Next's router answers a path whose escapes do not decode (a lone surrogate's bytes, `%zz`) with
  // a bare 500; it is the sender's bad address, refused here before any page or handler is looked for.
  const undecodable = decodedOrNull(request.nextUrl.pathname) === null;
  if (request.nextUrl.pathname.startsWith("/api/")) {
    if (!undecodable) return NextResponse.next();
    return json(fail(GUARD_ERRORS, "invalid_path", INVALID_ADDRESS, { field: "path" }).toEnvelope(), {
      status: 400,
      requestId: crypto.randomUUID(),
    });
  }
  const security = pageSecurity(request);
  if (undecodable) {
    return security.apply(new NextResponse(INVALID_ADDRESS, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  }
  // The one name this deployment's public URL gives it (next-auth splits a large one into `.0`, `.1`, …).
  const cookieName = sessionCookieName(env().publicUrl);
  const hasSession = request.cookies.has(cookieName) || request.cookies.has(`${cookieName}.0`);
  if (hasSession || request.nextUrl.pathname === "/sign-in") {
    security.requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
    return security.apply(NextResponse.next({ request: { headers: security.requestHeaders } }));
  }
  const url = request.nextUrl.clone();
  url.pathname = "/sign-in";
  url.search = `?callbackUrl=${encodeURIComponent(request.nextUrl.pathname + request.nextUrl.search)}`;
  return security.apply(NextResponse.redirect(url));
}

const INVALID_ADDRESS = "This address is not valid: part of it is not correctly %-encoded.";

export const config = {
  matcher: [
    // Pages: API routes answer JSON, and static files carry no script.
    "/((?!api/|_next/|favicon.ico|icon.svg|.*\\.(?:png|svg|ico|css|js|txt|webmanifest)$).*)",
    // API paths only when they hold an escape, so the BFF's usual requests never call the proxy.
    "/api/:rest(.*%.*)",
  ],
};
