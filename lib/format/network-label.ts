// Apart from labels.ts: the sessions list and the home page's security alerts need only this.

/**
 * Where a session signed in from, in words a member recognises: "this computer" for a loopback
 * address, "a private network" for an office or home range, the address itself only when it is a
 * public one (the only case where it tells a member something).
 */
export function networkLabel(address: string | null | undefined): string {
  const a = (address ?? "")
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, "");
  if (!a) return "";
  if (a === "::1" || a.startsWith("127.") || a === "localhost") return "this computer";
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(a) || /^f[cd][0-9a-f]{2}:/.test(a) || a.startsWith("fe80:"))
    return "a private network";
  return `network address ${a}`;
}
