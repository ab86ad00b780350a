import { queryOptions } from "@tanstack/react-query";
import {
  acknowledgeSecurityAlert,
  getAlertSettings,
  getAllowlist,
  listSecurityAlerts,
  setAlertSettings,
  setAllowlist,
} from "@/lib/contracts/endpoints/security";
import type { AlertThresholds } from "@/lib/security/alert-rules";
import { call } from "./call";

export const securityAlertsQuery = (status?: "open" | "acknowledged") =>
  queryOptions({
    queryKey: ["security-alerts", status ?? "all"],
    queryFn: ({ signal }) => call(listSecurityAlerts, { query: { status }, signal }),
  });

export const allowlistQuery = () => queryOptions({ queryKey: ["allowlist"], queryFn: ({ signal }) => call(getAllowlist, { signal }) });

export const alertSettingsQuery = () =>
  queryOptions({ queryKey: ["alert-settings"], queryFn: ({ signal }) => call(getAlertSettings, { signal }) });

export const securityApi = {
  acknowledge: (id: string) => call(acknowledgeSecurityAlert, { params: { id } }),
  saveAllowlist: (ranges: string[]) => call(setAllowlist, { body: { ranges } }),
  saveThresholds: (thresholds: AlertThresholds) => call(setAlertSettings, { body: { thresholds } }),
};
