import "server-only";
import { activityCapability, type ActivityQuery } from "@/lib/activity/activity";
import { errors } from "@/lib/errors";
import { can } from "@/lib/permissions";
import type { Db } from "@/server/db/types";
import { listActivity } from "./activity";
import { writeAuditQuietly, type StaffActor } from "./writer";
import { auditTarget } from "./target";

/** An object's activity is readable by whoever may read the object: customers for ops and compliance, finance objects for finance. */
export async function activityHandler(database: Db, staff: StaffActor, query: ActivityQuery, requestId: string) {
  const capability = activityCapability[query.kind];
  if (!can(staff.role, capability)) {
    await writeAuditQuietly({
      actor: staff,
      action: "activity.read",
      target: auditTarget.activity(query.kind, query.id),
      outcome: "denied",
      requestId,
      detail: { reason: "role", capability },
    });
    throw errors.forbidden();
  }
  return listActivity(database, query);
}
