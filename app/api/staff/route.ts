import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { createStaff, listStaff } from "@/server/staff/service";

export const GET = route(staffContracts.listStaff, ({ db }) => listStaff(db));

export const POST = route(staffContracts.createStaff, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return createStaff({ db, actor: staff, input: body, requestId });
});
