import "server-only";
import { can } from "@/lib/permissions";
import { verifyAuditChain } from "@/server/audit/verify";
import type { StaffMember } from "@/server/auth/staff-repo";
import { lookupsInLastHour } from "@/server/compliance/bvn-history";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import { listRecent } from "@/server/finance/recent";
import type { HomeData } from "@/lib/home/home-data";
import { workflowsFor } from "@/lib/sandbox/first-steps";
import { firstSteps } from "@/server/sandbox/first-steps";
import { refusedPerHour } from "@/server/webhooks/delivery-log";
import { teamRecent } from "./team-recent";
import { disabledAccounts, staffWithoutSecondFactor } from "./admin-home";
import { recentBvnLookups } from "./compliance-home";
import { openedCollections, recentCredits, reportedTransactions } from "./finance-home";
import { recentWebhookDecisions, workQueue } from "./ops-queue";

/** Everything the signed-in role's home shows, each part read only when the role holds its capability. */
export async function loadHome({ db, actor }: { db: Db; actor: StaffMember }): Promise<HomeData> {
  const role = actor.role;
  const finance = can(role, "finance.read")
    ? {
        collections: await openedCollections(db),
        recent: await listRecent({ db, staffId: actor.id, limit: 8 }),
        reported: await reportedTransactions(db),
        credits: await recentCredits(db),
      }
    : null;
  const ops = can(role, "verification.read") ? { queue: await workQueue({ db }), decisions: await recentWebhookDecisions(db) } : null;
  const bvn = can(role, "bvn.lookup");
  const audit = can(role, "audit.read");
  const compliance =
    bvn || audit
      ? {
          lookups: bvn && audit ? await recentBvnLookups({ db, staffId: actor.id }) : null,
          quota: bvn ? { used: await lookupsInLastHour(db, actor.id), perHour: env().bvnLookupsPerHour } : null,
          chain: audit ? await verifyAuditChain(db) : null,
        }
      : null;
  const admin = can(role, "staff.manage")
    ? { disabled: await disabledAccounts(db), withoutSecondFactor: await staffWithoutSecondFactor(db) }
    : null;
  const steps = firstSteps();
  return {
    finance,
    ops,
    compliance,
    admin,
    team: await teamRecent(db, role, actor.id),
    firstSteps: steps ? workflowsFor(role).map((w) => steps[w]) : null,
    webhooks: can(role, "webhooks.manage") ? await refusedPerHour(db) : null,
  };
}
