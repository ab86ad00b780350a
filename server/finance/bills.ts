import "server-only";
import type { BillView } from "@/lib/contracts/finance";
import type { Bill } from "@/lib/schemas";
import { writeAudit } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { upstream } from "@/server/upstream/client";
import { readConfirmed, recordSeenQuietly } from "./seen-objects";
import { recordOpenedQuietly } from "./recent";
import { auditTarget } from "@/server/audit/target";

/** The bill without its token: what `GET /api/v1/bills/[id]` sends. */
export function toBillView(bill: Bill): BillView {
  const { bill: detail, ...rest } = bill;
  if (!detail) return { ...rest, bill: null };
  const { token, ...others } = detail;
  return { ...rest, bill: { ...others, has_token: token !== null && token !== "" } };
}

export async function readBill(staff: StaffMember, id: string): Promise<BillView> {
  const bill = await readConfirmed("bill", id, () => upstream().getBill(id));
  await Promise.all([recordOpenedQuietly(staff.id, "bill", bill.id), recordSeenQuietly({ kind: "bill", object: bill })]);
  return toBillView(bill);
}

/**
 * The token, after the reveal is written to the audit log. The audit write comes first and is
 * not quiet: a token that cannot be audited is not revealed.
 */
export async function revealBillToken(staff: StaffMember, id: string, requestId: string): Promise<{ token: string | null }> {
  const bill = await readConfirmed("bill", id, () => upstream().getBill(id));
  const token = bill.bill?.token ?? null;
  await writeAudit({
    actor: staff,
    action: "bill.token.reveal",
    target: auditTarget.object("bill", bill.id),
    outcome: "success",
    requestId,
    detail: { hadToken: token !== null && token !== "" },
  });
  return { token: token === "" ? null : token };
}
