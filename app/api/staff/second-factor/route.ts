import { secondFactorPolicySchema } from "@/lib/schemas/second-factor";
import { writeAudit } from "@/server/audit/writer";
import { readSecondFactorPolicy, writeSecondFactorPolicy } from "@/server/auth/second-factor-policy";
import { enrolledStaffIds } from "@/server/auth/second-factor-store";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { db } from "@/server/db/client";

// Who must use two-factor authentication, and who has set it up (administrators).
export const GET = route({ capability: "staff.manage", action: "staff.second_factor.read" }, async () => {
  const database = await db();
  return { policy: await readSecondFactorPolicy(database), enrolledStaffIds: await enrolledStaffIds(database) };
});

export const POST = route({ capability: "staff.manage", action: "staff.second_factor.policy", body: secondFactorPolicySchema }, async ({ staff, body, requestId }) => {
  await requireRecentSecondFactor(staff);
  const database = await db();
  const policy = await writeSecondFactorPolicy(database, body, staff.id);
  await writeAudit({ actor: staff, action: "staff.second_factor.policy", outcome: "success", requestId, detail: policy });
  return { policy, enrolledStaffIds: await enrolledStaffIds(database) };
});
