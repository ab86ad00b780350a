import { getApprovalSettings, setApprovalSettings } from "@/lib/contracts/approvals";
import { readApprovalSettings, saveApprovalSettings } from "@/server/approvals/settings";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(getApprovalSettings, ({ db }) => readApprovalSettings(db));

const post = route(setApprovalSettings, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return saveApprovalSettings({ db, actor: staff, input: body, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
