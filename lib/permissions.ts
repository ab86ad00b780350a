/** The permission matrix: the one table every handler and the navigation consult. */
export const roles = ["finance", "ops", "compliance", "admin"] as const;
export type Role = (typeof roles)[number];

export const capabilities = {
  "business.read": ["finance", "ops", "compliance", "admin"],
  "finance.read": ["finance", "admin"],
  "credit.simulate": ["finance", "admin"],
  "customer.contact.edit": ["ops", "admin"],
  "verification.read": ["ops", "compliance", "admin"],
  "verification.submit": ["ops", "admin"],
  "bvn.lookup": ["compliance", "admin"],
  "audit.read": ["compliance", "admin"],
  "staff.manage": ["admin"],
  "staff.sessions": ["admin"],
  "webhooks.manage": ["admin"],
  // The member's own account (password, sessions, second factor, preferences): the only routes and
  // pages a member owing a new password may use (server/auth/must-change-password.ts).
  "account.self": ["finance", "ops", "compliance", "admin"],
  // The tools every role works with: search, recent activity, saved views, the approvals inbox (each
  // request in it still judged by its own action's capability). Not part of the own account.
  "workspace.use": ["finance", "ops", "compliance", "admin"],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof capabilities;

export function can(role: Role, capability: Capability): boolean {
  return (capabilities[capability] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}
