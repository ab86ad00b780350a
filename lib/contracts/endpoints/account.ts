import type * as account from "@/lib/contracts/account";
import { endpoint } from "./endpoint";

export const changeOwnPassword = endpoint<typeof account.changeOwnPassword>({ method: "POST", path: "/api/account/password" });
export const confirmEnrolment = endpoint<typeof account.confirmEnrolment>({ method: "POST", path: "/api/second-factor/enrolment/confirm" });
export const disableSecondFactor = endpoint<typeof account.disableSecondFactor>({
  method: "POST",
  path: "/api/account/second-factor/disable",
});
export const endOtherOwnSessions = endpoint<typeof account.endOtherOwnSessions>({
  method: "POST",
  path: "/api/account/sessions/end-others",
});
export const endOwnSession = endpoint<typeof account.endOwnSession>({ method: "POST", path: "/api/account/sessions/[id]/end" });
export const getOwnPreferences = endpoint<typeof account.getOwnPreferences>({ method: "GET", path: "/api/account/preferences" });
export const getSecondFactorStatus = endpoint<typeof account.getSecondFactorStatus>({ method: "GET", path: "/api/account/second-factor" });
export const listOwnSessions = endpoint<typeof account.listOwnSessions>({ method: "GET", path: "/api/account/sessions" });
export const regenerateRecoveryCodes = endpoint<typeof account.regenerateRecoveryCodes>({
  method: "POST",
  path: "/api/account/second-factor/recovery-codes",
});
export const startEnrolment = endpoint<typeof account.startEnrolment>({ method: "POST", path: "/api/second-factor/enrolment" });
export const stepUp = endpoint<typeof account.stepUp>({ method: "POST", path: "/api/account/second-factor/step-up" });
export const updateOwnPreferences = endpoint<typeof account.updateOwnPreferences>({ method: "PATCH", path: "/api/account/preferences" });
export const verifySecondFactor = endpoint<typeof account.verifySecondFactor>({ method: "POST", path: "/api/second-factor/verify" });
