import "server-only";
import { eq, sql } from "drizzle-orm";
import { roles, type Role } from "@/lib/permissions";
import { securitySettings, type SecuritySettingsRow, type StaffSessionRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { isEnrolled } from "./second-factor-store";

export type SignInMethod = "password" | "sso";
export type SecondFactorPolicy = { requireAll: boolean; roles: Role[] };

/**
 * The one rule for which sign-ins our TOTP applies to: password sign-ins only. A single sign-on's
 * identity provider runs its own multi-factor check, so its sessions never owe ours.
 */
export function secondFactorAppliesTo(method: SignInMethod): boolean {
  return method === "password";
}

export async function readSecondFactorPolicy(db: Db): Promise<SecondFactorPolicy> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1)).limit(1);
  return policyOf(row);
}

/** The policy a stored settings row holds (none stored, or a left join's nulls: nothing required). */
export function policyOf(row: Pick<SecuritySettingsRow, "require2faAll" | "require2faRoles"> | null | undefined): SecondFactorPolicy {
  const required = (row?.require2faRoles ?? []).filter((r): r is Role => (roles as readonly string[]).includes(r));
  return { requireAll: row?.require2faAll ?? false, roles: required };
}

/** The policy as it is stored and read back: each role once, in order. */
export function canonicalPolicy(policy: SecondFactorPolicy): SecondFactorPolicy {
  return { requireAll: policy.requireAll, roles: [...new Set(policy.roles)].sort() };
}

export async function writeSecondFactorPolicy(db: Db, policy: SecondFactorPolicy, updatedBy: string): Promise<void> {
  const { requireAll, roles } = canonicalPolicy(policy);
  const values = { require2faAll: requireAll, require2faRoles: roles, updatedBy, updatedAt: sql`now()` };
  await db
    .insert(securitySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: securitySettings.id, set: values });
}

export function isSecondFactorRequired(policy: SecondFactorPolicy, role: Role): boolean {
  return policy.requireAll || policy.roles.includes(role);
}

/** What a new session owes after its first factor: a code (enrolled), an enrolment (required), or nothing. */
export async function secondFactorAtSignIn(
  db: Db,
  member: { id: string; role: Role },
  method: SignInMethod,
): Promise<StaffSessionRow["secondFactor"]> {
  if (!secondFactorAppliesTo(method)) return "not_required";
  if (await isEnrolled(db, member.id)) return "pending";
  return isSecondFactorRequired(await readSecondFactorPolicy(db), member.role) ? "enrol" : "not_required";
}
