import type * as security from "@/lib/contracts/security";
import { endpoint } from "./endpoint";

export const acknowledgeSecurityAlert = endpoint<typeof security.acknowledgeSecurityAlert>({
  method: "POST",
  path: "/api/security-alerts/[id]/acknowledge",
});
export const getAlertSettings = endpoint<typeof security.getAlertSettings>({ method: "GET", path: "/api/security-alerts/settings" });
export const getAllowlist = endpoint<typeof security.getAllowlist>({ method: "GET", path: "/api/settings/allowlist" });
export const listSecurityAlerts = endpoint<typeof security.listSecurityAlerts>({ method: "GET", path: "/api/security-alerts" });
export const setAlertSettings = endpoint<typeof security.setAlertSettings>({ method: "POST", path: "/api/security-alerts/settings" });
export const setAllowlist = endpoint<typeof security.setAllowlist>({ method: "PUT", path: "/api/settings/allowlist" });
