import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, syncDemoAccounts } from "@/server/auth/demo-accounts";
import { hashPassword } from "@/server/auth/password";
import { markSignedIn, toMember, type StaffMember } from "@/server/auth/staff-repo";
import { staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { disabledAccounts } from "@/server/home/admin-home";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { changeOwnPassword, resetStaffPassword } from "./password";
import { updatePreferences } from "./preferences";
import { updateStaff } from "./service";

// Every time written to a staff row is the database's now(), as the changes in service.ts write
// theirs: an instance whose clock runs an hour ahead must not stamp a change an hour in the future.
const HOUR = 60 * 60_000;
const PASSWORD = "a-long-enough-password-for-clock-1";

let db: Db;
let admin: StaffMember;
let n = 0;
withFreshDatabase((opened) => (db = opened));

async function addMember(passwordHash = "x"): Promise<StaffMember> {
  const [row] = await db
    .insert(staff)
    .values({ email: `clock${++n}@example.com`, name: `Clock ${n}`, role: "ops", passwordHash })
    .returning();
  return toMember(row!);
}

/** How far the column's time is from the database's now(), in seconds (positive: in the future). */
async function aheadOfDatabase(id: string, column: "updatedAt" | "lastSignInAt"): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`extract(epoch from ${staff[column]} - now())` })
    .from(staff)
    .where(eq(staff.id, id));
  return Number(row!.s);
}

beforeAll(async () => {
  const [row] = await db
    .insert(staff)
    .values({ email: "clock.admin@example.com", name: "Clock Admin", role: "admin", passwordHash: "x" })
    .returning();
  admin = toMember(row!);
});

const fastInstance = <T>(run: () => Promise<T>) => withAppClockSkew(HOUR, run);

describe("staff times written on an instance whose clock runs an hour fast", () => {
  it("a member's own password change stamps the database's now", async () => {
    const me = await addMember(await hashPassword(PASSWORD));
    await fastInstance(() =>
      changeOwnPassword({
        db,
        actor: me,
        from: { sessionId: undefined, address: "10.9.0.1" },
        input: { currentPassword: PASSWORD, newPassword: "plum-kettle-orbit-clock-97" },
        requestId: "clock-change",
      }),
    );
    expect(Math.abs(await aheadOfDatabase(me.id, "updatedAt"))).toBeLessThan(60);
  });

  it("an administrator's reset stamps the database's now", async () => {
    const member = await addMember();
    await fastInstance(() => resetStaffPassword({ db, actor: admin, input: { id: member.id }, requestId: "clock-reset" }));
    expect(Math.abs(await aheadOfDatabase(member.id, "updatedAt"))).toBeLessThan(60);
  });

  it("a change of one's time zone stamps the database's now", async () => {
    const me = await addMember();
    await fastInstance(() => updatePreferences({ db, actor: me, input: { timeZone: "Europe/Berlin" }, requestId: "clock-zone" }));
    expect(Math.abs(await aheadOfDatabase(me.id, "updatedAt"))).toBeLessThan(60);
  });

  it("a sign-in stamps the database's now as the last one", async () => {
    const me = await addMember();
    expect(await fastInstance(() => markSignedIn(db, me.id, null))).toBe(true);
    expect(Math.abs(await aheadOfDatabase(me.id, "lastSignInAt"))).toBeLessThan(60);
  });

  it("demo accounts disabled (or their password moved) at start-up stamp the database's now", async () => {
    await syncDemoAccounts(db, "sandbox", "demo-password-for-clock-0001", true);
    await fastInstance(() => syncDemoAccounts(db, "sandbox", "demo-password-for-clock-0002", true));
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const ids = (await db.select({ id: staff.id }).from(staff).where(inArray(staff.email, emails))).map((r) => r.id);
    expect(ids.length).toBe(emails.length);
    for (const id of ids) expect(Math.abs(await aheadOfDatabase(id, "updatedAt"))).toBeLessThan(60);
    await fastInstance(() => syncDemoAccounts(db, "production", "unused-demo-password-0003"));
    for (const id of ids) expect(Math.abs(await aheadOfDatabase(id, "updatedAt"))).toBeLessThan(60);
  });

  it("the admin home lists the account disabled last first, after a reset on the fast instance", async () => {
    const first = await addMember();
    const reset = await addMember();
    const last = await addMember();
    const disable = (id: string) => updateStaff({ db, actor: admin, input: { id, status: "disabled" }, requestId: `clock-disable-${id}` });
    await disable(first.id);
    await disable(reset.id);
    await fastInstance(() => resetStaffPassword({ db, actor: admin, input: { id: reset.id }, requestId: "clock-reset-disabled" }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await disable(last.id);
    const listed = (await disabledAccounts(db)).map((a) => a.id);
    expect(listed.indexOf(last.id)).toBeLessThan(listed.indexOf(reset.id));
    expect(listed.indexOf(reset.id)).toBeLessThan(listed.indexOf(first.id));
  });
});
