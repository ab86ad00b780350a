import type { Capability, Role } from "@/lib/permissions";
import { can } from "@/lib/permissions";

/**
 * "Try this" in the sandbox: per workflow, one line saying what to try and the seed objects to
 * open. The ids themselves come from the simulator's seed (server/sandbox/first-steps.ts): the one
 * place they are listed for the pages. Outside the sandbox there is none, and nothing is offered.
 */
export const workflows = ["finance", "catalogue", "customers", "bvn"] as const;
export type Workflow = (typeof workflows)[number];

/** `href` null: the seed is typed into the box, not opened by address (a BVN never goes into a URL). */
/** `shown`: what the chip says when the id itself must not be on screen (a BVN is shown masked, like every BVN). */
export type TrySeed = { id: string; note: string; href: string | null; shown?: string };
/** `page`: where the workflow starts (its id box). */
export type TryThisLine = { workflow: Workflow; title: string; page: string; line: string; seeds: TrySeed[] };
export type FirstSteps = Record<Workflow, TryThisLine>;

/** Who may follow a workflow: a member is offered only what their role can open. */
export const workflowCapability: Record<Workflow, Capability> = {
  finance: "finance.read",
  catalogue: "finance.read",
  customers: "verification.read",
  bvn: "bvn.lookup",
};

export function workflowsFor(role: Role): Workflow[] {
  return workflows.filter((w) => can(role, workflowCapability[w]));
}
