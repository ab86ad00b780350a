/** A fresh sender reference for a simulated credit: unique per click, readable in a log. */
export function freshReference(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(0, 14);
  const random = globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 8).toUpperCase();
  return `SIM-${stamp}-${random}`;
}
