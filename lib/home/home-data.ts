import type { ChainStatus } from "@/lib/contracts/audit";
import type { RecentObject } from "@/lib/finance/objects";
import type { Role } from "@/lib/permissions";
import type { TryThisLine } from "@/lib/sandbox/first-steps";
import type { RefusedPerHour } from "@/lib/webhooks/delivery-log";
import type { TeamRecentItem } from "./team-recent";

/* What the signed-in role's home shows: read on the server, drawn by components/home. */

export type HomeData = {
  finance: { collections: SeenItem[]; recent: RecentObject[]; reported: SeenItem[]; credits: SimulatedCredit[] } | null;
  ops: { queue: QueueItem[]; decisions: WebhookDecision[] } | null;
  compliance: { lookups: LookupEntry[] | null; quota: { used: number; perHour: number } | null; chain: ChainStatus | null } | null;
  admin: { disabled: DisabledAccount[]; withoutSecondFactor: MemberWithoutSecondFactor[] } | null;
  /** Objects the team opened lately, of the kinds this role may open. */
  team: TeamRecentItem[];
  /** The sandbox's "Try this" lines for this role's workflows; null against production. */
  firstSteps: TryThisLine[] | null;
  /** Refused webhook deliveries per hour (administrators). */
  webhooks: RefusedPerHour | null;
};

export type SeenItem = {
  kind: "transaction" | "bill" | "collection";
  id: string;
  label: string;
  reference: string | null;
  accountNumber: string | null;
  amount: number | null;
  currency: string | null;
  seenAt: string;
};

export type SimulatedCredit = {
  at: string;
  accountNumber: string;
  amount: number | null;
  reference: string | null;
  transactionId: string | null;
  staffEmail: string | null;
  outcome: string;
};

export type QueueReason = "PENDING" | "RECONCILIATION_REQUIRED" | "REJECTED" | "APPROVED_NO_CARD";

export type QueueItem = {
  customerId: string;
  reason: QueueReason;
  since: string | null;
  lastCheckAt: string | null;
  nextCheckAt: string | null;
};

export type WebhookDecision = { customerId: string; eventId: string; status: string; duplicate: boolean; receivedAt: string };

export type LookupEntry = { at: string; staffEmail: string | null; own: boolean; maskedBvn: string; outcome: string };

export type DisabledAccount = { id: string; name: string; email: string; role: Role; since: string };

export type MemberWithoutSecondFactor = { id: string; name: string; email: string; role: Role; required: boolean };
