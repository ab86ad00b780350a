import "server-only";
import type { ObjectRead } from "./transactions";
import type { BillView } from "@/lib/contracts/finance";
import type { Bill } from "@/lib/schemas";
import { writeAudit } from "@/server/audit/writer";
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

export async function readBill({ db, actor, input: { id } }: ObjectRead): Promise<BillView> {
  const bill = await readConfirmed({ db, kind: "bill", id, read: () => upstream().getBill(id) });
  await Promise.all([
    recordOpenedQuietly({ db, staffId: actor.id, kind: "bill", id: bill.id }),
    recordSeenQuietly({ db, seen: { kind: "bill", object: bill } }),
  ]);
  return toBillView(bill);
}

/**
 * The token, after the reveal is written to the audit log. The audit write comes first and is
 * not quiet: a token that cannot be audited is not revealed.
 */
export async function revealBillToken({
  db,
  actor,
  input: { id },
  requestId,
}: ObjectRead & { requestId: string }): Promise<{ token: string | null }> {
  const bill = await readConfirmed({ db, kind: "bill", id, read: () => upstream().getBill(id) });
  const token = bill.bill?.token ?? null;
  await writeAudit({
    db,
    actor,
    action: "bill.token.reveal",
    target: auditTarget.object("bill", bill.id),
    outcome: "success",
    requestId,
    detail: { hadToken: token !== null && token !== "" },
  });
  return { token: token === "" ? null : token };
}
