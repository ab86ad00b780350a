import * as securityContracts from "@/lib/contracts/security";
import { saveAlertSettings } from "@/server/alerts/settings";
import { readAlertSettings } from "@/server/audit/alert-thresholds";
import { requireRecentSecondFactor } from "@/server/auth/step-up";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(securityContracts.getAlertSettings, ({ db }) => readAlertSettings(db));

const post = route(securityContracts.setAlertSettings, async ({ db, staff, body, requestId }) => {
  await requireRecentSecondFactor({ db, actor: staff });
  return saveAlertSettings({ db, actor: staff, input: body, requestId });
});

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
