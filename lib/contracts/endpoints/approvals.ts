import type * as approvals from "@/lib/contracts/approvals";
import { endpoint } from "./endpoint";

export const approveApproval = endpoint<typeof approvals.approveApproval>({ method: "POST", path: "/api/approvals/[id]/approve" });
export const cancelApproval = endpoint<typeof approvals.cancelApproval>({ method: "POST", path: "/api/approvals/[id]/cancel" });
export const declineApproval = endpoint<typeof approvals.declineApproval>({ method: "POST", path: "/api/approvals/[id]/decline" });
export const getApprovalSettings = endpoint<typeof approvals.getApprovalSettings>({ method: "GET", path: "/api/approvals/settings" });
export const listApprovals = endpoint<typeof approvals.listApprovals>({ method: "GET", path: "/api/approvals" });
export const setApprovalSettings = endpoint<typeof approvals.setApprovalSettings>({ method: "POST", path: "/api/approvals/settings" });
