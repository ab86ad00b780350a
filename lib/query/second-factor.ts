import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import {
  enrolmentDoneSchema,
  enrolmentStartSchema,
  okSchema,
  secondFactorOverviewSchema,
  secondFactorPassedSchema,
  secondFactorStatusSchema,
  type SecondFactorPolicyInput,
} from "../schemas/second-factor";
import { bffFetch } from "../client/fetcher";

const resetSchema = z.object({ reset: z.boolean() });

export const secondFactorStatusQuery = () =>
  queryOptions({ queryKey: ["account", "second-factor"], queryFn: ({ signal }) => bffFetch("/api/account/second-factor", secondFactorStatusSchema, { signal }) });

export const secondFactorOverviewQuery = () =>
  queryOptions({ queryKey: ["staff", "second-factor"], queryFn: ({ signal }) => bffFetch("/api/staff/second-factor", secondFactorOverviewSchema, { signal }) });

export const secondFactorApi = {
  startEnrolment: () => bffFetch("/api/second-factor/enrolment", enrolmentStartSchema, { method: "POST", body: {} }),
  confirmEnrolment: (code: string) => bffFetch("/api/second-factor/enrolment/confirm", enrolmentDoneSchema, { method: "POST", body: { code } }),
  verify: (code: string) => bffFetch("/api/second-factor/verify", secondFactorPassedSchema, { method: "POST", body: { code } }),
  stepUp: (code: string) => bffFetch("/api/account/second-factor/step-up", okSchema, { method: "POST", body: { code } }),
  disable: (code: string) => bffFetch("/api/account/second-factor/disable", okSchema, { method: "POST", body: { code } }),
  resetMember: (id: string) => bffFetch(`/api/staff/${encodeURIComponent(id)}/second-factor/reset`, resetSchema, { method: "POST" }),
  setPolicy: (policy: SecondFactorPolicyInput) => bffFetch("/api/staff/second-factor", secondFactorOverviewSchema, { method: "POST", body: policy }),
};
