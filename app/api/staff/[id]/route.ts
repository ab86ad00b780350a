import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { updateStaff } from "@/server/staff/service";

const patch = route(staffContracts.updateStaff, async ({ db, staff, params, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return updateStaff({ db, actor: staff, input: { ...params, ...body }, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(patch);
