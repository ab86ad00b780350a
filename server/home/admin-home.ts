import "server-only";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { readSecondFactorPolicy } from "@/server/auth/second-factor-policy";
import { staff, staffTotp } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import type { DisabledAccount, MemberWithoutSecondFactor } from "@/lib/home/home-data";

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

/**
 * Active staff with no enrolled authenticator, those the current requirement covers first (they are
 * sent to enrolment at their next password sign-in).
 */
export async function staffWithoutSecondFactor(db: Db, limit = 10): Promise<MemberWithoutSecondFactor[]> {
  const policy = await readSecondFactorPolicy(db);
  const rows = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, role: staff.role })
    .from(staff)
    .leftJoin(staffTotp, eq(staffTotp.staffId, staff.id))
    .where(and(eq(staff.status, "active"), isNull(staffTotp.enrolledAt)))
    .orderBy(asc(staff.email));
  return rows
    .map((r) => ({ ...r, required: policy.requireAll || policy.roles.includes(r.role) }))
    .sort((a, b) => Number(b.required) - Number(a.required))
    .slice(0, limit);
}
