import "server-only";
import { SEED } from "./ids";
import type { CustomerRecord } from "./records";

const PASSPORT = (number: string, country: string) => ({ type: "PASSPORT", number, country });

type Situation = Pick<CustomerRecord, "id" | "first_name" | "last_name" | "nationality"> &
  Partial<Pick<CustomerRecord, "type" | "business_id" | "decisionOutcome" | "unavailable" | "kyc">> & {
    status?: CustomerRecord["verification"]["status"];
  };

/**
 * One customer per verification situation. `cus_pending` is under manual review and is never
 * decided by the simulator (so the pending state can always be seen); `cus_not_submitted` and
 * `cus_will_reject` show a decision arriving after the delay.
 */
export function seedCustomers(businessId: string): CustomerRecord[] {
  const c = SEED.customers;
  const situations: Situation[] = [
    { id: c.notSubmitted, first_name: "Emily", last_name: "Carter", nationality: "US" },
    { id: c.pending, first_name: "Lukas", last_name: "Schneider", nationality: "DE", status: "PENDING", decisionOutcome: null },
    { id: c.approved, first_name: "Sophie", last_name: "Martin", nationality: "FR", status: "APPROVED" },
    { id: c.rejected, first_name: "Daniel", last_name: "Mensah", nationality: "GH", status: "REJECTED" },
    { id: c.reconciliation, first_name: "Aisha", last_name: "Khan", nationality: "GB", status: "RECONCILIATION_REQUIRED" },
    {
      id: c.kycIncomplete,
      first_name: "Marco",
      last_name: "Rossi",
      nationality: "IT",
      kyc: { identity_document: PASSPORT("YA4471093", "IT"), residential_address: null },
    },
    {
      id: c.noDocument,
      first_name: "Hannah",
      last_name: "Lindqvist",
      nationality: "SE",
      kyc: { identity_document: null, residential_address: "Sveavägen 44, 111 34 Stockholm, Sweden" },
    },
    { id: c.nigerian, first_name: "Chinedu", last_name: "Okeke", nationality: "NG" },
    { id: c.unavailable, first_name: "Kwame", last_name: "Asante", nationality: "GH", status: "PENDING", unavailable: "retry" },
    { id: c.support, first_name: "Priya", last_name: "Sharma", nationality: "IN", status: "PENDING", unavailable: "support" },
    { id: c.willReject, first_name: "Oliver", last_name: "Brown", nationality: "CA", decisionOutcome: "REJECTED" },
    { id: c.otherBusiness, first_name: "Grace", last_name: "Wanjiru", nationality: "KE", business_id: SEED.businesses.other },
    { id: c.corporate, first_name: "Meridian", last_name: "Exports BV", nationality: "NL", type: "CORPORATE" },
    // Kept for the ops walk-through from the work queue to a card (e2e ops-queue-to-card), so that
    // no other check depends on its state. Last, so the seed data of the others stays as it was.
    { id: c.willApprove, first_name: "Tomas", last_name: "Herrera", nationality: "MX" },
  ];
  return situations.map((s, index) => {
    const status = s.status ?? "NOT_SUBMITTED";
    const handle = `${s.first_name}.${s.last_name}`.toLowerCase().replace(/[^a-z.]/g, "");
    return {
      id: s.id,
      business_id: s.business_id ?? businessId,
      type: s.type ?? "INDIVIDUAL",
      first_name: s.first_name,
      last_name: s.last_name,
      email: `${handle}@example.com`,
      phone_number: `+1415555${String(1000 + index).padStart(4, "0")}`,
      nationality: s.nationality,
      kyc: s.kyc ?? {
        identity_document: PASSPORT(`P${String(53_810_000 + index * 7919)}`, s.nationality),
        residential_address: `${120 + index} Market Street, Apt ${index + 1}, San Francisco, CA 94105, United States`,
      },
      verification: { status, can_create_card: status === "APPROVED", decideAt: null },
      decisionOutcome: s.decisionOutcome === undefined ? "APPROVED" : s.decisionOutcome,
      unavailable: s.unavailable ?? null,
      updated_at: "2026-10-15T12:00:00.000Z",
    };
  });
}
