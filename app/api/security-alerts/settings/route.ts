import * as securityContracts from "@/lib/contracts/security";
import { saveAlertSettings } from "@/server/alerts/settings";
import { readAlertSettings } from "@/server/audit/alert-thresholds";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";

export const GET = route(securityContracts.getAlertSettings, ({ db }) => readAlertSettings(db));

export const POST = route(securityContracts.setAlertSettings, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return saveAlertSettings({ db, actor: staff, input: body, requestId });
});
