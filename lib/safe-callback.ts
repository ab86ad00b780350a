// A fixed stand-in origin: only the path matters, and a value that escapes it (//host, \\host,
// https://…) shows up as a different origin after parsing, exactly as the browser would read it.
const BASE = "http://callback.invalid";
const MAX_LENGTH = 512;
// Control characters (the URL parser silently drops tab and newline: "/\t/evil" becomes "//evil"),
// backslashes (read as "/"), and anything outside printable ASCII.
const REFUSED = /[^\x21-\x7e]|\\/;

/**
 * The post-sign-in destination: a path of our own origin, or "/" for anything else. The answer is
 * the parsed, normalised path (+ query and fragment), so what the browser follows is what was checked.
 */
export function safeCallbackUrl(value: unknown): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH || !raw.startsWith("/") || REFUSED.test(raw)) return "/";
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return "/";
  }
  // "/.//evil" normalises to the path "//evil", which a browser would follow to another host.
  if (url.origin !== BASE || url.pathname.startsWith("//") || url.username || url.password) return "/";
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/") || url.pathname.startsWith("/api/")) return "/";
  const result = `${url.pathname}${url.search}${url.hash}`;
  return REFUSED.test(result) || result.length > MAX_LENGTH ? "/" : result;
}
