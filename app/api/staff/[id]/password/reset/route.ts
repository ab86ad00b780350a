import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { resetStaffPassword } from "@/server/staff/password";

const post = route(staffContracts.resetStaffPassword, async ({ db, staff, params, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return resetStaffPassword({ db, actor: staff, input: params, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
