import { queryOptions } from "@tanstack/react-query";
import type { ApprovalAction, ApprovalStatus } from "@/lib/approvals/actions";
import { call } from "./call";
import {
  approveApproval,
  cancelApproval,
  declineApproval,
  getApprovalSettings,
  listApprovals,
  setApprovalSettings,
} from "@/lib/contracts/endpoints/approvals";

export const approvalsQuery = (status?: ApprovalStatus) =>
  queryOptions({
    queryKey: ["approvals", status ?? "all"],
    queryFn: ({ signal }) => call(listApprovals, { query: { status }, signal }),
  });

export const approvalSettingsQuery = () =>
  queryOptions({
    queryKey: ["approval-settings"],
    queryFn: ({ signal }) => call(getApprovalSettings, { signal }),
  });

export const approvalsApi = {
  /** The answer is the approved action's own (a card, a one-time password), or a granted reveal. */
  approve: (id: string) => call(approveApproval, { params: { id } }),
  decline: (id: string, reason: string) => call(declineApproval, { params: { id }, body: { reason } }),
  cancel: (id: string) => call(cancelApproval, { params: { id } }),
  saveSettings: (required: ApprovalAction[]) => call(setApprovalSettings, { body: { required } }),
};
