import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { SEED } from "@/server/simulator/seed/ids";
import { fakeStaff } from "@/server/testing/staff";
import { embeddedSimulator } from "@/server/upstream/embedded-simulator";
import { submitVerification } from "./verification-submit";
import { readState, saveStatus } from "./verification-store";

const c = SEED.customers;
const POST_OP = "POST /customers/{id}/card-verification";
const ops = fakeStaff("ops");

let database: Db;
withFreshDatabase((opened) => (database = opened));

describe("submitVerification", () => {
  it.each([
    [c.rejected, "VERIFICATION_REJECTED", "REJECTED"],
    [c.reconciliation, "RECONCILIATION_REQUIRED", "RECONCILIATION_REQUIRED"],
  ])("learns the upstream's state of %s from its 409 and audits the failure", async (id, code, learned) => {
    await expect(submitVerification({ db: database, input: { id }, actor: ops, requestId: `req-${id}` })).rejects.toMatchObject({
      status: 409,
      code: "upstream_verification_error",
      upstreamCode: code,
    });
    const row = await readState({ db: database, customerId: id });
    expect(row).toMatchObject({ status: learned, canCreateCard: false, statusSource: "submit" });
    const [entry] = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verification.submit"), eq(auditLog.target, id)));
    expect(entry).toMatchObject({
      outcome: "failure",
      detail: { http_status: 409, code: "upstream_verification_error", upstream_code: code },
    });
  });

  it("marks a Nigerian customer as verified at card issuance from the 422 on nationality, and stores no status", async () => {
    await expect(submitVerification({ db: database, input: { id: c.nigerian }, actor: ops, requestId: "req-ng" })).rejects.toMatchObject({
      status: 422,
      field: "nationality",
    });
    const row = await readState({ db: database, customerId: c.nigerian });
    expect(row).toMatchObject({ verifiedAtIssuance: true, status: null });
  });

  it("submits once: a stored PENDING answers already_pending with no second upstream call", async () => {
    const before = embeddedSimulator().stats.count(POST_OP);
    const first = await submitVerification({ db: database, input: { id: c.willReject }, actor: ops, requestId: "req-1" });
    expect(first).toMatchObject({ outcome: "pending", view: { status: "PENDING", source: "submit", approved: false } });
    const again = await submitVerification({ db: database, input: { id: c.willReject }, actor: ops, requestId: "req-2" });
    expect(again.outcome).toBe("already_pending");
    expect(embeddedSimulator().stats.count(POST_OP) - before).toBe(1);
  });

  it("keeps a decision that arrived while the submit was in flight rather than the older answer", async () => {
    // A webhook decided after the submit was sent is newer than the submit's answer.
    await saveStatus({
      db: database,
      customerId: c.approved,
      update: { status: "REJECTED", canCreateCard: false, source: "webhook" },
      asOf: new Date(Date.now() + 60_000),
    });
    const result = await submitVerification({ db: database, input: { id: c.approved }, actor: ops, requestId: "req-3" });
    expect(result.view).toMatchObject({ status: "REJECTED", source: "webhook", approved: false });
    expect(await readState({ db: database, customerId: c.approved })).toMatchObject({ status: "REJECTED", statusSource: "webhook" });
  });
});
