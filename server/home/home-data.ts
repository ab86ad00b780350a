import "server-only";
import type { ChainStatus } from "@/lib/contracts/audit";
import { can } from "@/lib/permissions";
import { verifyAuditChain } from "@/server/audit/verify";
import type { StaffMember } from "@/server/auth/staff-repo";
import { lookupsInLastHour } from "@/server/compliance/bvn-history";
import { db as defaultDb } from "@/server/db/client";
import { env } from "@/server/env";
import { listRecent } from "@/server/finance/recent";
import type { RecentObject } from "@/lib/finance/objects";
import { disabledAccounts, staffWithoutSecondFactor, type DisabledAccount, type MemberWithoutSecondFactor } from "./admin-home";
import { recentBvnLookups, type LookupEntry } from "./compliance-home";
import { openedCollections, recentCredits, reportedTransactions, type SeenItem, type SimulatedCredit } from "./finance-home";
import { recentWebhookDecisions, workQueue, type QueueItem, type WebhookDecision } from "./ops-queue";

export type HomeData = {
  finance: { collections: SeenItem[]; recent: RecentObject[]; reported: SeenItem[]; credits: SimulatedCredit[] } | null;
  ops: { queue: QueueItem[]; decisions: WebhookDecision[] } | null;
  compliance: { lookups: LookupEntry[] | null; quota: { used: number; perHour: number } | null; chain: ChainStatus | null } | null;
  admin: { disabled: DisabledAccount[]; withoutSecondFactor: MemberWithoutSecondFactor[] } | null;
};

/** Everything the signed-in role's home shows, each part read only when the role holds its capability. */
export async function loadHome(staff: StaffMember): Promise<HomeData> {
  const db = await defaultDb();
  const role = staff.role;
  const finance = can(role, "finance.read")
    ? { collections: await openedCollections(db), recent: await listRecent(staff.id, 8), reported: await reportedTransactions(db), credits: await recentCredits(db) }
    : null;
  const ops = can(role, "verification.read") ? { queue: await workQueue(db), decisions: await recentWebhookDecisions(db) } : null;
  const bvn = can(role, "bvn.lookup");
  const audit = can(role, "audit.read");
  const compliance =
    bvn || audit
      ? {
          lookups: bvn && audit ? await recentBvnLookups(db, staff.id) : null,
          quota: bvn ? { used: await lookupsInLastHour(db, staff.id), perHour: env().bvnLookupsPerHour } : null,
          chain: audit ? await verifyAuditChain(db) : null,
        }
      : null;
  const admin = can(role, "staff.manage") ? { disabled: await disabledAccounts(db), withoutSecondFactor: await staffWithoutSecondFactor(db) } : null;
  return { finance, ops, compliance, admin };
}
