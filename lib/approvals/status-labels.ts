// Apart from lib/format/labels.ts (which re-exports it): the home page's approvals queue needs this
// and the action names, none of the other label tables.

/** An approval request's status in words. */
export const approvalStatusLabels: Record<string, string> = {
  pending: "Waiting for approval",
  executing: "Approved — running",
  approved: "Approved — the requester may reveal once",
  in_use: "Approved — the requester is revealing now",
  executed: "Approved and done",
  failed: "Approved — the action was refused",
  unknown: "Approved — outcome unknown",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
};
