import "server-only";
import { changeSetting } from "@/server/audit/setting-change";
import type { Db } from "@/server/db/types";
import { canonicalPolicy, readSecondFactorPolicy, type SecondFactorPolicy, writeSecondFactorPolicy } from "./second-factor-policy";
import { enrolledStaffIds } from "./second-factor-store";
import type { StaffMember } from "./staff-repo";

export type SecondFactorOverview = { policy: SecondFactorPolicy; enrolledStaffIds: string[] };

/** Who must use two-factor authentication, and who has set it up (the administrators' view). */
export async function secondFactorOverview(db: Db): Promise<SecondFactorOverview> {
  return { policy: await readSecondFactorPolicy(db), enrolledStaffIds: await enrolledStaffIds(db) };
}

/** An administrator changes who must use two-factor authentication, audited with the policy before and after (changeSetting). */
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
  await changeSetting(db, {
    read: readSecondFactorPolicy,
    write: (tx) => writeSecondFactorPolicy(tx, policy, admin.id),
    audit: (before) => ({
      actor: admin,
      action: "staff.second_factor.policy",
      outcome: "success",
      requestId,
      detail: { before, after: canonicalPolicy(policy) },
    }),
  });
  return secondFactorOverview(db);
}
