import "server-only";
import type { VerificationView } from "@/lib/contracts/customers";
import type { StaffMember } from "@/server/auth/staff-repo";
import { recordOpenedQuietly } from "@/server/finance/recent";
import { readVerification } from "./verification-check";

/**
 * A customer page's read of the verification status; once the upstream confirmed the customer (a
 * 404 throws first), the opening is remembered for "recently opened" on the homes. A refresh
 * (the page asking again) is not a new opening.
 */
export async function openCustomer(customerId: string, refresh: boolean, staff: StaffMember, requestId: string): Promise<VerificationView> {
  const view = await readVerification(customerId, refresh, { actor: staff, requestId });
  if (!refresh) await recordOpenedQuietly(staff.id, "customer", customerId);
  return view;
}
