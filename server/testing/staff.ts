import type { Role } from "@/lib/permissions";
import { hashPassword } from "@/server/auth/password";
import type { StaffMember } from "@/server/auth/staff-repo";
import { staff, type StaffRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export function fakeStaff(role: Role): StaffMember {
  return { id: "00000000-0000-4000-8000-000000000001", email: `${role}@example.com`, name: role, role, status: "active" };
}

/** A same-origin JSON request as our own pages send it. */
export function jsonRequest(url: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: new URL(url).origin,
      Host: new URL(url).host,
      "Sec-Fetch-Site": "same-origin",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

let added = 0;

/** A staff member stored with a password, under an email no other test of the run uses. */
export async function addStaff({
  db,
  role = "finance",
  password,
  emailPrefix = "staff",
}: {
  db: Db;
  role?: Role;
  password: string;
  emailPrefix?: string;
}): Promise<StaffRow> {
  added += 1;
  const email = `${emailPrefix}${added}.${Date.now()}@example.com`;
  const [row] = await db
    .insert(staff)
    .values({ email, name: email, role, passwordHash: await hashPassword(password) })
    .returning();
  return row!;
}
