import { NextResponse, type NextRequest } from "next/server";

/**
 * An optimistic gate for pages only: no session cookie → the sign-in page. It is a convenience,
 * not security: every route handler and page checks the session and the role itself.
 */
export function proxy(request: NextRequest) {
  const hasSession = request.cookies.has("backoffice.session") || request.cookies.has("__Secure-backoffice.session");
  if (hasSession) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = "/sign-in";
  url.search = `?callbackUrl=${encodeURIComponent(request.nextUrl.pathname + request.nextUrl.search)}`;
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ["/((?!api/|_next/|sign-in|favicon.ico|.*\\.(?:png|svg|ico|css|js)$).*)"],
};
