import "server-only";
import type { VerificationView } from "@/lib/contracts/customers";
import type { StaffMember } from "@/server/auth/staff-repo";
import type { Db } from "@/server/db/types";
import { recordOpenedQuietly } from "@/server/finance/recent";
import { readVerification } from "./verification-check";

/**
 * A customer page's read of the verification status; once the upstream confirmed the customer (a
 * 404 throws first), the opening is remembered for "recently opened" on the homes. A refresh
 * (the page asking again) is not a new opening.
 */
export async function openCustomer(request: {
  db: Db;
  actor: StaffMember;
  input: { id: string; refresh: boolean };
  requestId: string;
}): Promise<VerificationView> {
  const view = await readVerification(request);
  if (!request.input.refresh)
    await recordOpenedQuietly({ db: request.db, staffId: request.actor.id, kind: "customer", id: request.input.id });
  return view;
}
