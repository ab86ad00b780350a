import "server-only";
import { eq, sql } from "drizzle-orm";
import { approvalActions, type ApprovalAction, isApprovalAction } from "@/lib/approvals/actions";
import type { ApprovalSettings } from "@/lib/contracts/approvals";
import { changeSetting } from "@/server/audit/setting-change";
import type { StaffMember } from "@/server/auth/staff-repo";
import { approvalSettings } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";

/**
 * Which actions need a second member. Read on every guarded request (one indexed row), so a change
 * on one instance applies on every instance at the next request. Never saved: the start-up choice.
 */
export async function readApprovalSettings(db: Db): Promise<ApprovalSettings> {
  const [row] = await db.select().from(approvalSettings).where(eq(approvalSettings.id, 1)).limit(1);
  if (!row) return { required: env().approvalRequiredFor, updated_at: null, updated_by: null };
  return {
    required: ordered(row.required.filter(isApprovalAction)),
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedByName,
  };
}

export async function requiresApproval(db: Db, action: ApprovalAction): Promise<boolean> {
  return (await readApprovalSettings(db)).required.includes(action);
}

/** Saves the administrator's choice, audited with what it added and removed (changeSetting). */
export async function saveApprovalSettings({
  db,
  actor,
  input,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { required: ApprovalAction[] };
  requestId: string;
}): Promise<ApprovalSettings> {
  const required = ordered(input.required);
  await changeSetting(db, {
    read: async (tx) => (await readApprovalSettings(tx)).required,
    write: async (tx) => {
      await tx
        .insert(approvalSettings)
        .values({ id: 1, required, updatedBy: actor.id, updatedByName: actor.name })
        .onConflictDoUpdate({
          target: approvalSettings.id,
          set: { required, updatedAt: sql`now()`, updatedBy: actor.id, updatedByName: actor.name },
        });
    },
    audit: (before) => ({
      actor,
      action: "approval.settings.update",
      target: "settings:approvals",
      outcome: "success",
      requestId,
      detail: {
        required,
        added: required.filter((a) => !before.includes(a)),
        removed: before.filter((a) => !required.includes(a)),
      },
    }),
  });
  return readApprovalSettings(db);
}

function ordered(list: ApprovalAction[]): ApprovalAction[] {
  return approvalActions.filter((a) => list.includes(a));
}
