import { eq, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import type { CreateStaffInput } from "@/lib/contracts/staff";
import { checkChain } from "@/server/audit/chain";
import { verifyPassword } from "@/server/auth/password";
import { toMember, type StaffMember } from "@/server/auth/staff-repo";
import { auditLog, staff } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { createStaff, listStaff, updateStaff } from "./service";

let db: Db;
let admin: StaffMember;
let seq = 0;
let test = 0;

withFreshDatabase((opened) => (db = opened));

// Each test starts with one active admin: the last-admin rule depends on who else is one. The audit
// log is append-only, so each test reads only its own entries (request ids prefixed `t<n>-`).
beforeEach(async () => {
  test += 1;
  await db.execute(sql`DELETE FROM staff`);
  const [row] = await db
    .insert(staff)
    .values({ email: "root@example.com", name: "Root Admin", role: "admin", passwordHash: "x" })
    .returning();
  admin = toMember(row!);
});
const rid = (name: string) => `t${test}-${name}`;

const input = (over: Partial<CreateStaffInput> = {}): CreateStaffInput => ({
  email: `member${++seq}@example.com`,
  name: "New Member",
  role: "finance",
  password: "a-long-enough-password",
  ...over,
});

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const auditRows = () =>
  db
    .select()
    .from(auditLog)
    .where(like(auditLog.requestId, `t${test}-%`))
    .orderBy(auditLog.id);
const rowOf = async (id: string) => (await db.select().from(staff).where(eq(staff.id, id)))[0]!;

describe("createStaff", () => {
  it("stores the member with a hashed password and audits actor and target", async () => {
    const created = await createStaff({
      db,
      actor: admin,
      input: input({ email: "jane@example.com", role: "ops" }),
      requestId: rid("req-create"),
    });
    expect(created.member).toMatchObject({ email: "jane@example.com", role: "ops", status: "active", lastSignInAt: null });
    expect(created.generatedPassword).toBeNull();
    const row = await rowOf(created.member.id);
    expect(row.passwordHash).not.toContain("a-long-enough-password");
    expect(await verifyPassword("a-long-enough-password", row.passwordHash)).toBe(true);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      action: "staff.create",
      outcome: "success",
      requestId: rid("req-create"),
      actorStaffId: admin.id,
      actorEmail: admin.email,
      actorRole: "admin",
      target: "staff:jane@example.com",
    });
    expect(JSON.stringify(entry!.detail)).not.toContain("a-long-enough-password");
  });

  it("generates a password that works, returns it once and never audits it", async () => {
    const created = await createStaff({
      db,
      actor: admin,
      input: input({ password: undefined, generatePassword: true }),
      requestId: rid("req-gen"),
    });
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await verifyPassword(created.generatedPassword!, (await rowOf(created.member.id)).passwordHash)).toBe(true);
    const entries = await auditRows();
    expect(JSON.stringify(entries)).not.toContain(created.generatedPassword!);
    expect(entries[0]!.detail).toMatchObject({ generatedPassword: true });
    // Not part of the list either.
    expect(JSON.stringify(await listStaff(db))).not.toContain(created.generatedPassword!);
  });

  it("refuses a duplicate email with 409 staff_exists on the email field, and creates nothing", async () => {
    await createStaff({ db, actor: admin, input: input({ email: "dup@example.com" }), requestId: rid("r1") });
    const error = await rejection(
      createStaff({ db, actor: admin, input: input({ email: "dup@example.com", role: "admin" }), requestId: rid("r2") }),
    );
    expect(error).toMatchObject({ status: 409, code: "staff_exists", field: "email" });
    const rows = await db.select().from(staff).where(eq(staff.email, "dup@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("finance");
    expect((await auditRows()).filter((e) => e.action === "staff.create")).toHaveLength(1);
  });

  it("lists without password hashes", async () => {
    await createStaff({ db, actor: admin, input: input(), requestId: rid("r") });
    const { staff: list } = await listStaff(db);
    expect(list).toHaveLength(2);
    expect(JSON.stringify(list)).not.toMatch(/password|hash|\$scrypt|\$argon/i);
  });
});

describe("updateStaff", () => {
  it("refuses to disable the last active admin: 409 last_admin, row unchanged, a denied entry audited", async () => {
    const before = await rowOf(admin.id);
    const error = await rejection(
      updateStaff({ db, actor: admin, input: { ...{ status: "disabled" }, id: admin.id }, requestId: rid("req-deny") }),
    );
    expect(error).toMatchObject({ status: 409, code: "last_admin" });
    expect(error.message).toMatch(/last active administrator/);
    expect(await rowOf(admin.id)).toEqual(before);
    const entries = await auditRows();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "staff.update",
      outcome: "denied",
      requestId: rid("req-deny"),
      actorEmail: admin.email,
      target: `staff:${admin.email}`,
    });
    expect(entries[0]!.detail).toMatchObject({ reason: "last_active_admin", status: "disabled" });
  });

  it("refuses to demote the last active admin", async () => {
    const error = await rejection(
      updateStaff({ db, actor: admin, input: { ...{ role: "compliance" }, id: admin.id }, requestId: rid("req-demote") }),
    );
    expect(error).toMatchObject({ status: 409, code: "last_admin" });
    expect((await rowOf(admin.id)).role).toBe("admin");
    expect((await auditRows()).map((e) => e.outcome)).toEqual(["denied"]);
  });

  it("does not count a disabled admin as the other admin", async () => {
    const other = await createStaff({ db, actor: admin, input: input({ role: "admin" }), requestId: rid("r") });
    await updateStaff({ db, actor: admin, input: { ...{ status: "disabled" }, id: other.member.id }, requestId: rid("r") });
    const error = await rejection(updateStaff({ db, actor: admin, input: { ...{ role: "ops" }, id: admin.id }, requestId: rid("r") }));
    expect(error.code).toBe("last_admin");
  });

  it("with two active admins, one can be disabled; then the other is the last", async () => {
    const other = await createStaff({
      db,
      actor: admin,
      input: input({ role: "admin", email: "second@example.com" }),
      requestId: rid("r1"),
    });
    const updated = await updateStaff({
      db,
      actor: admin,
      input: { ...{ status: "disabled" }, id: other.member.id },
      requestId: rid("r2"),
    });
    expect(updated).toMatchObject({ id: other.member.id, status: "disabled", role: "admin" });
    const entry = (await auditRows()).at(-1)!;
    expect(entry).toMatchObject({
      action: "staff.update",
      outcome: "success",
      requestId: rid("r2"),
      actorStaffId: admin.id,
      target: "staff:second@example.com",
    });
    expect(entry.detail).toEqual({ from: { role: "admin", status: "active" }, to: { role: "admin", status: "disabled" } });
    expect(
      (await rejection(updateStaff({ db, actor: admin, input: { ...{ status: "disabled" }, id: admin.id }, requestId: rid("r3") }))).code,
    ).toBe("last_admin");
  });

  it("an admin who is not the last may be demoted, even by themselves", async () => {
    const other = await createStaff({ db, actor: admin, input: input({ role: "admin" }), requestId: rid("r1") });
    const updated = await updateStaff({ db, actor: admin, input: { ...{ role: "ops" }, id: admin.id }, requestId: rid("r2") });
    expect(updated.role).toBe("ops");
    expect((await rowOf(other.member.id)).role).toBe("admin");
  });

  it("changes a role, re-enables an account, and audits each change with actor and target", async () => {
    const member = await createStaff({
      db,
      actor: admin,
      input: input({ email: "ops.person@example.com", role: "ops" }),
      requestId: rid("r0"),
    });
    await updateStaff({ db, actor: admin, input: { ...{ role: "compliance" }, id: member.member.id }, requestId: rid("r1") });
    await updateStaff({ db, actor: admin, input: { ...{ status: "disabled" }, id: member.member.id }, requestId: rid("r2") });
    const back = await updateStaff({ db, actor: admin, input: { ...{ status: "active" }, id: member.member.id }, requestId: rid("r3") });
    expect(back).toMatchObject({ role: "compliance", status: "active" });
    const updates = (await auditRows()).filter((e) => e.action === "staff.update");
    expect(updates.map((e) => [e.requestId, e.outcome, e.actorEmail, e.target])).toEqual([
      [rid("r1"), "success", admin.email, "staff:ops.person@example.com"],
      [rid("r2"), "success", admin.email, "staff:ops.person@example.com"],
      [rid("r3"), "success", admin.email, "staff:ops.person@example.com"],
    ]);
    expect(updates[0]!.detail).toMatchObject({ from: { role: "ops" }, to: { role: "compliance" } });
    const whole = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(checkChain(whole)).toEqual({ ok: true, checked: whole.length });
  });

  it("answers 404 for an unknown id", async () => {
    const error = await rejection(
      updateStaff({ db, actor: admin, input: { ...{ role: "ops" }, id: "00000000-0000-4000-8000-00000000abcd" }, requestId: rid("r") }),
    );
    expect(error).toMatchObject({ status: 404, code: "not_found" });
  });

  it("never leaves zero active admins when two admins are changed at once", async () => {
    const other = await createStaff({ db, actor: admin, input: input({ role: "admin" }), requestId: rid("r") });
    const results = await Promise.allSettled([
      updateStaff({ db, actor: admin, input: { ...{ status: "disabled" }, id: admin.id }, requestId: rid("a") }),
      updateStaff({ db, actor: admin, input: { ...{ role: "finance" }, id: other.member.id }, requestId: rid("b") }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const admins = (await db.select().from(staff)).filter((r) => r.role === "admin" && r.status === "active");
    expect(admins).toHaveLength(1);
  });
});
