/**
 * The four-eyes actions in words. Apart from the other labels (lib/format/labels.ts re-exports
 * them): every page's fetcher names the action of a 202 approval_pending, and should not bring every
 * status and code label with it.
 */
export const approvalActionLabels: Record<string, string> = {
  "card.create": "Card issuance",
  "staff.role": "Staff access change (add, role, enable or disable)",
  "staff.password_reset": "Staff password reset",
  "staff.second_factor_reset": "Staff two-factor reset",
  "bvn.reveal": "BVN reveal",
};
