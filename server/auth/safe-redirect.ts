import "server-only";

/**
 * Where next-auth may send the browser after sign-in or sign-out: a path of this site or a URL of
 * its origin, anything else the home page. next-auth's default calls `new URL(callbackUrl)` unguarded,
 * so a callbackUrl such as "a\u0000b" made the sign-in POST answer 500.
 */
export function safeRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) {
    try {
      const resolved = new URL(url, baseUrl);
      if (resolved.origin === new URL(baseUrl).origin) return resolved.toString();
    } catch {
      return baseUrl;
    }
    return baseUrl;
  }
  try {
    return new URL(url).origin === new URL(baseUrl).origin ? url : baseUrl;
  } catch {
    return baseUrl;
  }
}
