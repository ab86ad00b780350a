import * as staffContracts from "@/lib/contracts/staff";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { createStaff, listStaff } from "@/server/staff/service";

const get = route(staffContracts.listStaff, ({ db }) => listStaff(db));

const post = route(staffContracts.createStaff, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return createStaff({ db, actor: staff, input: body, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
