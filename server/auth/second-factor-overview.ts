import "server-only";
import { writeAudit } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import { readSecondFactorPolicy, type SecondFactorPolicy, writeSecondFactorPolicy } from "./second-factor-policy";
import { enrolledStaffIds } from "./second-factor-store";
import type { StaffMember } from "./staff-repo";

export type SecondFactorOverview = { policy: SecondFactorPolicy; enrolledStaffIds: string[] };

/** Who must use two-factor authentication, and who has set it up (the administrators' view). */
export async function secondFactorOverview(db: Db): Promise<SecondFactorOverview> {
  return { policy: await readSecondFactorPolicy(db), enrolledStaffIds: await enrolledStaffIds(db) };
}

/** An administrator changes who must use two-factor authentication; the change is audited with the policy it left. */
export async function updateSecondFactorPolicy({
  db,
  actor: admin,
  input: policy,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: SecondFactorPolicy;
  requestId: string;
}): Promise<SecondFactorOverview> {
  const saved = await writeSecondFactorPolicy(db, policy, admin.id);
  await writeAudit({ db, actor: admin, action: "staff.second_factor.policy", outcome: "success", requestId, detail: saved });
  return { policy: saved, enrolledStaffIds: await enrolledStaffIds(db) };
}
