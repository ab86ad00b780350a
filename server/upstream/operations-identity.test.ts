import { afterEach, describe, expect, it } from "vitest";
import { readVerification } from "@/server/customers/verification-check";
import { readState, toView } from "@/server/customers/verification-store";
import { submitVerification } from "@/server/customers/verification-submit";
import type { Db } from "@/server/db/types";
import { SEED } from "@/server/simulator/seed/ids";
import { withFreshDatabase } from "@/server/testing/database";
import { fakeStaff } from "@/server/testing/staff";
import { embeddedSimulator } from "./embedded-simulator";

const c = SEED.customers;
const sim = () => embeddedSimulator();
const someoneElsesApproval = { customer_id: "cus_someone_else", status: "approved", can_create_card: true };

let database: Db;
withFreshDatabase((opened) => (database = opened));
afterEach(() => sim().faults.clear());

describe("a verification answer about another customer", () => {
  it("fails a check as an invalid answer (502), and the requested customer is not saved or shown as approved", async () => {
    sim().faults.add({ operation: "GET /customers/{id}/card-verification", status: 200, body: someoneElsesApproval, times: 1 });
    // A failed check keeps the last known state and reports the error in the view (verification-check.ts).
    const view = await readVerification({ db: database, input: { id: c.pending, refresh: true } });
    expect(view).toMatchObject({
      status: null,
      approved: false,
      can_create_card: false,
      last_error: { code: "upstream_invalid_response" },
    });
    const row = await readState({ db: database, customerId: c.pending });
    expect(toView(c.pending, row)).toMatchObject({ status: null, approved: false, can_create_card: false });
  });

  it("is a 502 on a submit, and nothing is saved for the requested customer", async () => {
    sim().faults.add({ operation: "POST /customers/{id}/card-verification", status: 200, body: someoneElsesApproval, times: 1 });
    await expect(
      submitVerification({ db: database, input: { id: c.notSubmitted }, actor: fakeStaff("ops"), requestId: "req-other-customer" }),
    ).rejects.toMatchObject({ status: 502, code: "upstream_invalid_response" });
    expect(await readState({ db: database, customerId: c.notSubmitted })).toBeNull();
  });
});
