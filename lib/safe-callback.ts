/** Only a same-site path may be a post-sign-in destination; anything else (//host, https://…) goes home. */
export function safeCallbackUrl(value: unknown): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\") || raw.length > 512) return "/";
  if (raw.startsWith("/sign-in") || raw.startsWith("/api/")) return "/";
  return raw;
}
