import { NextResponse, type NextRequest } from "next/server";
import { decodedOrNull } from "@/lib/url-decode";
import { SESSION_COOKIE_NAMES } from "@/server/auth/session-cookie-name";
import { PAGE_PATH_HEADER } from "@/server/http/page-path";
import { pageSecurity } from "@/server/http/security-headers";

/**
 * Every page gets its Content-Security-Policy here (a fresh nonce per request), the sign-in and
 * not-found pages included. Then an optimistic gate: no session cookie → the sign-in page. It is
 * a convenience, not security: every route handler and page checks the session and the role itself.
 */
export function proxy(request: NextRequest) {
  const security = pageSecurity(request);
  // Next's router answers a path whose escapes do not decode (a lone surrogate's bytes) with a bare
  // 500; it is the reader's bad address, refused here before any page is looked for.
  if (decodedOrNull(request.nextUrl.pathname) === null) {
    return security.apply(new NextResponse("This address is not valid: part of it is not correctly %-encoded.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  }
  const hasSession = SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name));
  if (hasSession || request.nextUrl.pathname === "/sign-in") {
    security.requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
    return security.apply(NextResponse.next({ request: { headers: security.requestHeaders } }));
  }
  const url = request.nextUrl.clone();
  url.pathname = "/sign-in";
  url.search = `?callbackUrl=${encodeURIComponent(request.nextUrl.pathname + request.nextUrl.search)}`;
  return security.apply(NextResponse.redirect(url));
}

export const config = {
  // Pages only: API routes answer JSON, and static files carry no script.
  matcher: ["/((?!api/|_next/|favicon.ico|icon.svg|.*\\.(?:png|svg|ico|css|js|txt|webmanifest)$).*)"],
};
