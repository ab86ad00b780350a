import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Role } from "@/lib/permissions";
import type { Db } from "@/server/db/types";
import { staff } from "@/server/db/schema";
import { env } from "@/server/env";
import { hashPassword, verifyPassword } from "./password";
import { findStaffByEmail } from "./staff-repo";

export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; name: string; role: Role }> = [
  { email: "finance@example.com", name: "Fiona Finance", role: "finance" },
  { email: "ops@example.com", name: "Oscar Ops", role: "ops" },
  { email: "compliance@example.com", name: "Cora Compliance", role: "compliance" },
  { email: "admin@example.com", name: "Ada Admin", role: "admin" },
];

/**
 * Where they belong (the embedded simulator, or DEMO_ACCOUNTS=true with a simulator on this machine:
 * `enabled`, from env().demoAccounts): the demo accounts exist with DEMO_PASSWORD (created once; the
 * password follows the variable). Anywhere else (production, and any other payments API whatever
 * BUSINESS_API_ENVIRONMENT says) they must not exist, so any left from a sandbox database are disabled.
 */
export async function syncDemoAccounts(
  db: Db,
  environment: "sandbox" | "production",
  password: string,
  enabled: boolean = env().demoAccounts,
): Promise<void> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  if (environment === "production" || !enabled) {
    await db
      .update(staff)
      .set({ status: "disabled", updatedAt: sql`now()` })
      .where(inArray(staff.email, emails));
    return;
  }
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findStaffByEmail(db, account.email);
    if (!existing) {
      await db
        .insert(staff)
        .values({ ...account, passwordHash: await hashPassword(password) })
        .onConflictDoNothing();
    } else if (!(await verifyPassword(password, existing.passwordHash))) {
      // Only the password follows DEMO_PASSWORD; a role or status an admin changed is kept.
      await db
        .update(staff)
        .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
        .where(eq(staff.id, existing.id));
    }
  }
}
