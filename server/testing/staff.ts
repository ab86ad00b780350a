import type { Role } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";

export function fakeStaff(role: Role): StaffMember {
  return { id: "00000000-0000-4000-8000-000000000001", email: `${role}@example.com`, name: role, role, status: "active" };
}

/** A same-origin JSON request as our own pages send it. */
export function jsonRequest(url: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(url).origin, Host: new URL(url).host, "Sec-Fetch-Site": "same-origin", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
