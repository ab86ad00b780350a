import "server-only";
import { eq } from "drizzle-orm";
import { isRole, type Role } from "@/lib/permissions";
import type { Db } from "@/server/db/types";
import { staff, type StaffRow } from "@/server/db/schema";
import { hashPassword } from "./password";

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: "active" | "disabled";
  /** The IANA zone the member chose for dates; null (or absent) follows the browser's. */
  timeZone?: string | null;
};

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toMember(row: StaffRow): StaffMember {
  if (!isRole(row.role)) throw new Error(`staff ${row.id} has an unknown role`);
  return { id: row.id, email: row.email, name: row.name, role: row.role, status: row.status, timeZone: row.timeZone ?? null };
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(eq(staff.email, normaliseEmail(email)))
    .limit(1);
  return row;
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** Creates the account, or resets its password, role and status if the email exists. */
export async function upsertStaff(db: Db, input: { email: string; name?: string; role: Role; password: string }): Promise<StaffMember> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const name = input.name ?? email.split("@")[0] ?? email;
  const [row] = await db
    .insert(staff)
    .values({ email, name, role: input.role, passwordHash })
    .onConflictDoUpdate({ target: staff.email, set: { role: input.role, passwordHash, status: "active", updatedAt: new Date() } })
    .returning();
  return toMember(row!);
}

export async function markSignedIn(db: Db, id: string): Promise<void> {
  await db.update(staff).set({ lastSignInAt: new Date() }).where(eq(staff.id, id));
}
