import type { Role } from "@/lib/permissions";
import type { StaffMember } from "@/server/auth/staff-repo";

/**
 * A demo account in the process-wide database. Start-up (server/startup.ts) makes them in a running
 * app; opening the database does not, so tests that act as them ask for them here. Imported lazily,
 * after the test file's mocks.
 */
export async function demoMember(role: Role): Promise<StaffMember> {
  const { DEMO_ACCOUNTS } = await import("@/server/auth/demo-accounts");
  const { findStaffByEmail, toMember } = await import("@/server/auth/staff-repo");
  const { db } = await import("@/server/db/client");
  const database = await db();
  // Once per test file: hashing the four passwords is slow.
  synced ??= syncOnce();
  await synced;
  const email = DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
  return toMember((await findStaffByEmail(database, email))!);
}

let synced: Promise<void> | undefined;

async function syncOnce(): Promise<void> {
  const { syncDemoAccounts } = await import("@/server/auth/demo-accounts");
  const { db } = await import("@/server/db/client");
  const { env } = await import("@/server/env");
  await syncDemoAccounts(await db(), "sandbox", env().demoPassword);
}
