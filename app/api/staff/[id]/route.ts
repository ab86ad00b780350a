import { staffIdParams, updateStaffSchema } from "@/lib/schemas/staff";
import { route } from "@/server/bff/route";
import { db } from "@/server/db/client";
import { updateStaff } from "@/server/staff/service";

export const PATCH = route({ capability: "staff.manage", action: "staff.update", params: staffIdParams, body: updateStaffSchema }, async ({ staff, params, body, requestId }) =>
  updateStaff(await db(), staff, params.id, body, requestId),
);
