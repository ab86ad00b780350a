import { getApprovalSettings, setApprovalSettings } from "@/lib/contracts/approvals";
import { readApprovalSettings, saveApprovalSettings } from "@/server/approvals/settings";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";

export const GET = route(getApprovalSettings, ({ db }) => readApprovalSettings(db));

export const POST = route(setApprovalSettings, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return saveApprovalSettings({ db, actor: staff, input: body, requestId });
});
