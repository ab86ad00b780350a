import "server-only";
import { desc, eq } from "drizzle-orm";
import type { Role } from "@/lib/permissions";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";

export type DisabledAccount = { id: string; name: string; email: string; role: Role; since: string };

/** Disabled staff accounts, most recently changed first. */
export async function disabledAccounts(db: Db, limit = 10): Promise<DisabledAccount[]> {
  const rows = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, role: staff.role, updatedAt: staff.updatedAt })
    .from(staff)
    .where(eq(staff.status, "disabled"))
    .orderBy(desc(staff.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, since: r.updatedAt.toISOString() }));
}
