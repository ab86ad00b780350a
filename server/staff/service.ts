import "server-only";
import { fail } from "@/lib/contracts/fail";
import * as staffContracts from "@/lib/contracts/staff";
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { CreatedStaff, CreateStaffInput, StaffMemberView, UpdateStaffInput } from "@/lib/contracts/staff";
import { auditedChange } from "@/server/audit/audited-change";
import { writeAudit } from "@/server/audit/writer";
import { hashPassword } from "@/server/auth/password";
import type { StaffMember } from "@/server/auth/staff-repo";
import { staff, staffSessions, type StaffRow } from "@/server/db/schema";
import { ADVISORY_LOCKS, lockForTransaction } from "@/server/db/advisory-locks";
import type { Db } from "@/server/db/types";
import { auditTarget } from "@/server/audit/target";

function view(row: StaffRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listStaff(db: Db): Promise<{ staff: StaffMemberView[] }> {
  const rows = await db.select().from(staff).orderBy(asc(staff.email));
  return { staff: rows.map(view) };
}

/** An addition approved under four-eyes: the password the maker chose was kept only as its hash (server/approvals/action-rules.ts). */
export type HeldStaffCreation = Omit<CreateStaffInput, "password"> & { passwordHash?: string };

export async function createStaff({
  db,
  actor,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: CreateStaffInput | HeldStaffCreation;
  requestId: string;
}): Promise<CreatedStaff> {
  const generated = input.generatePassword ? randomBytes(18).toString("base64url") : null;
  const kept = !generated && "passwordHash" in input ? input.passwordHash : undefined;
  const passwordHash = kept ?? (await hashPassword(generated ?? ("password" in input ? input.password : undefined) ?? ""));
  const row = await auditedChange(db, async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.staffChanges);
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email)).limit(1);
    if (existing)
      throw fail(staffContracts.createStaff, "staff_exists", "A staff member with this email already exists.", { field: "email" });
    const [inserted] = await tx.insert(staff).values({ email: input.email, name: input.name, role: input.role, passwordHash }).returning();
    return {
      result: inserted!,
      audit: {
        actor: actor,
        action: "staff.create",
        target: auditTarget.object("staff", input.email),
        outcome: "success",
        requestId,
        detail: { role: input.role, generatedPassword: Boolean(generated) },
      },
    };
  });
  return { member: view(row), generatedPassword: generated };
}

/**
 * Changes a role and/or the status. The last active admin can be neither demoted nor disabled:
 * the count and the update run in one transaction under the staff lock.
 */
export async function updateStaff({
  db,
  actor,
  input: { id, ...input },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: UpdateStaffInput & { id: string };
  requestId: string;
}): Promise<StaffMemberView> {
  const outcome = await auditedChange(db, async (tx) => {
    await lockForTransaction(tx, ADVISORY_LOCKS.staffChanges);
    const [row] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1);
    if (!row) throw fail(staffContracts.updateStaff, "not_found", "No staff member has that id.");
    const nextRole = input.role ?? row.role;
    const nextStatus = input.status ?? row.status;
    const losesAdmin = row.role === "admin" && row.status === "active" && (nextRole !== "admin" || nextStatus !== "active");
    if (losesAdmin) {
      const [other] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(and(eq(staff.role, "admin"), eq(staff.status, "active"), ne(staff.id, id)));
      if ((other?.n ?? 0) === 0) return { result: { kind: "refused", email: row.email } as const, audit: null };
    }
    // The database's now(), as the session rows' creation times `sessionsValidAfter` is compared with
    // (see currentSignIn): this instance's clock may be minutes from the one that opens the next session.
    const now = sql`now()`;
    const disabling = row.status === "active" && nextStatus === "disabled";
    const [updated] = await tx
      .update(staff)
      .set({ role: nextRole, status: nextStatus, updatedAt: now, ...(disabling ? { sessionsValidAfter: now } : {}) })
      .where(eq(staff.id, id))
      .returning();
    // The stored sessions end too, so the member's session list and the cookie check agree.
    if (disabling)
      await tx
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
    return {
      result: { kind: "updated", member: view(updated!) } as const,
      audit: {
        actor: actor,
        action: "staff.update",
        target: auditTarget.object("staff", row.email),
        outcome: "success",
        requestId,
        detail: { from: { role: row.role, status: row.status }, to: { role: nextRole, status: nextStatus } },
      },
    };
  });
  if (outcome.kind === "updated") return outcome.member;
  // Audited outside the transaction, which had nothing to commit: a refusal is recorded too.
  await writeAudit({
    db,
    actor: actor,
    action: "staff.update",
    target: auditTarget.object("staff", outcome.email),
    outcome: "denied",
    requestId,
    detail: { reason: "last_active_admin", role: input.role, status: input.status },
  });
  throw fail(
    staffContracts.updateStaff,
    "last_admin",
    "This is the last active administrator. Make another staff member an administrator first.",
  );
}
