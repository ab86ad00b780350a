import type * as staff from "@/lib/contracts/staff";
import { endpoint } from "./endpoint";

export const createStaff = endpoint<typeof staff.createStaff>({ method: "POST", path: "/api/staff" });
export const endStaffSessions = endpoint<typeof staff.endStaffSessions>({ method: "POST", path: "/api/staff/[id]/sessions/end" });
export const getSecondFactorOverview = endpoint<typeof staff.getSecondFactorOverview>({ method: "GET", path: "/api/staff/second-factor" });
export const listStaff = endpoint<typeof staff.listStaff>({ method: "GET", path: "/api/staff" });
export const resetStaffPassword = endpoint<typeof staff.resetStaffPassword>({ method: "POST", path: "/api/staff/[id]/password/reset" });
export const resetStaffSecondFactor = endpoint<typeof staff.resetStaffSecondFactor>({
  method: "POST",
  path: "/api/staff/[id]/second-factor/reset",
});
export const setSecondFactorPolicy = endpoint<typeof staff.setSecondFactorPolicy>({ method: "POST", path: "/api/staff/second-factor" });
export const updateStaff = endpoint<typeof staff.updateStaff>({ method: "PATCH", path: "/api/staff/[id]" });
