import "server-only";

/** Keys whose values are personal data or secrets: kept in the audit trail only masked. */
const MASKED_KEYS = new Set(["email", "phone_number", "phone", "bvn", "number", "account_number", "token", "date_of_birth", "residential_address"]);
const DROPPED_KEYS = new Set(["password", "secret", "access_token", "authorization"]);

export function maskValue(value: string, visible = 4): string {
  const tail = value.length > visible ? value.slice(-visible) : "";
  return `${"•".repeat(Math.min(8, Math.max(4, value.length - tail.length)))}${tail}`;
}

export function maskEmailAddress(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Returns a copy of `detail` safe to store: personal values masked, secrets dropped, at any depth. */
export function redactDetail(detail: unknown): unknown {
  if (Array.isArray(detail)) return detail.map(redactDetail);
  if (detail === null || typeof detail !== "object") return detail;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(detail as Record<string, unknown>)) {
    if (DROPPED_KEYS.has(key)) continue;
    if (MASKED_KEYS.has(key) && typeof value === "string") {
      out[key] = key === "email" ? maskEmailAddress(value) : maskValue(value);
    } else {
      out[key] = redactDetail(value);
    }
  }
  return out;
}
