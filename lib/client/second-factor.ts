import { queryOptions } from "@tanstack/react-query";
import {
  confirmEnrolment,
  disableSecondFactor,
  getSecondFactorStatus,
  regenerateRecoveryCodes,
  startEnrolment,
  stepUp,
  verifySecondFactor,
} from "@/lib/contracts/endpoints/account";
import { getSecondFactorOverview, resetStaffSecondFactor, setSecondFactorPolicy } from "@/lib/contracts/endpoints/staff";
import { STEP_UP_ERRORS } from "@/lib/contracts/errors";
import type { FactorChangeInput, SecondFactorPolicyInput } from "@/lib/contracts/account";
import { call } from "./call";
import { BffError } from "./fetcher";

export const secondFactorStatusQuery = () =>
  queryOptions({ queryKey: ["account", "second-factor"], queryFn: ({ signal }) => call(getSecondFactorStatus, { signal }) });

export const secondFactorOverviewQuery = () =>
  queryOptions({ queryKey: ["staff", "second-factor"], queryFn: ({ signal }) => call(getSecondFactorOverview, { signal }) });

export const secondFactorApi = {
  startEnrolment: () => call(startEnrolment, { body: {} }),
  confirmEnrolment: (input: FactorChangeInput) => call(confirmEnrolment, { body: input }),
  verify: (code: string) => call(verifySecondFactor, { body: { code } }),
  stepUp: (code: string) => call(stepUp, { body: { code } }),
  disable: (input: FactorChangeInput) => call(disableSecondFactor, { body: input }),
  regenerateRecoveryCodes: (input: FactorChangeInput) => call(regenerateRecoveryCodes, { body: input }),
  resetMember: (id: string) => call(resetStaffSecondFactor, { params: { id } }),
  setPolicy: (policy: SecondFactorPolicyInput) => call(setSecondFactorPolicy, { body: policy }),
};

/** Whether a failed call of any contract that declares STEP_UP_ERRORS asks for a fresh second factor. */
export function isStepUpRequired(error: unknown): error is BffError {
  return error instanceof BffError && (STEP_UP_ERRORS as readonly string[]).includes(error.code);
}
