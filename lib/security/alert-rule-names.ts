// The rules' names and labels without the thresholds' zod schema, so the admin home's alert panel
// can name a rule without putting zod on the page's first load (components/shell/first-load.test.ts).
/** The rules a security alert is raised by (server/audit/alert-rules.ts evaluates them). */
export const alertRules = [
  "bvn_lookups",
  "reveal_outside_hours",
  "failed_sign_ins_account",
  "failed_sign_ins_address",
  "webhook_refused",
  "second_factor_reset",
  "security_control_changed",
] as const;
export type AlertRule = (typeof alertRules)[number];

export const alertRuleLabels: Record<AlertRule, string> = {
  bvn_lookups: "Many BVN lookups by one member",
  reveal_outside_hours: "BVN revealed outside working hours",
  failed_sign_ins_account: "Failed sign-ins for one account",
  failed_sign_ins_address: "Failed sign-ins from one address",
  webhook_refused: "Incoming updates refused",
  second_factor_reset: "Second factor reset",
  security_control_changed: "Security control weakened",
};
