import { beforeAll, describe, expect, it } from "vitest";
import { cardIssuances, cardVerificationState } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { saveContact } from "./contacts";
import { listCustomers } from "./directory";

let database: Db;
withFreshDatabase((d) => (database = d));

const staff = { id: "00000000-0000-4000-8000-000000000001", email: "ops@example.com" };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  await database.insert(cardVerificationState).values([
    { customerId: "cus_dir_approved", status: "APPROVED", canCreateCard: true, checkedAt: minutesAgo(5), updatedAt: minutesAgo(5) },
    { customerId: "cus_dir_approved_nocard", status: "APPROVED", canCreateCard: false, updatedAt: minutesAgo(6) },
    { customerId: "cus_dir_pending", status: "PENDING", updatedAt: minutesAgo(7) },
    { customerId: "cus_dir_rejected", status: "REJECTED", updatedAt: minutesAgo(8) },
    { customerId: "cus_dir_ng", verifiedAtIssuance: true, updatedAt: minutesAgo(9) },
    // Only ever answered "not found": a typo, not a customer.
    {
      customerId: "cus_dir_typo",
      lastErrorCode: "not_found",
      lastErrorMessage: "Nothing was found",
      checkedAt: minutesAgo(1),
      updatedAt: minutesAgo(1),
    },
  ]);
  await database.insert(cardIssuances).values({
    customerId: "cus_dir_card_only",
    outcome: "issued",
    cardId: "card_1",
    cardLast4: "4242",
    staffEmail: staff.email,
    staffName: "Ops",
    requestId: "req-1",
    idempotencyKey: "k-1",
    issuedAt: minutesAgo(2),
  });
  await saveContact({ db: database, input: { email: "a@example.com", id: "cus_dir_contact_only" }, actor: staff, sentAt: new Date() });
});

describe("customer directory", () => {
  it("lists every customer touched through state, cards or contact, newest activity first, without not-found ids", async () => {
    const { rows, more } = await listCustomers({ db: database, input: {} });
    const ids = rows.map((r) => r.customer_id);
    expect(ids).toEqual([
      "cus_dir_contact_only",
      "cus_dir_card_only",
      "cus_dir_approved",
      "cus_dir_approved_nocard",
      "cus_dir_pending",
      "cus_dir_rejected",
      "cus_dir_ng",
    ]);
    expect(more).toBe(false);
    expect(rows.find((r) => r.customer_id === "cus_dir_card_only")).toMatchObject({
      cards_issued: 1,
      state: "unknown",
      contact_set: false,
    });
    expect(rows.find((r) => r.customer_id === "cus_dir_contact_only")).toMatchObject({ contact_set: true, cards_issued: 0 });
  });

  it("filters by the same state the badge shows: APPROVED without card permission is not approved", async () => {
    expect((await listCustomers({ db: database, input: { state: "approved" } })).rows.map((r) => r.customer_id)).toEqual([
      "cus_dir_approved",
    ]);
    expect((await listCustomers({ db: database, input: { state: "approved_no_card" } })).rows.map((r) => r.customer_id)).toEqual([
      "cus_dir_approved_nocard",
    ]);
    expect((await listCustomers({ db: database, input: { state: "verified_at_issuance" } })).rows.map((r) => r.customer_id)).toEqual([
      "cus_dir_ng",
    ]);
    expect((await listCustomers({ db: database, input: { state: "unknown" } })).rows.map((r) => r.customer_id).sort()).toEqual([
      "cus_dir_card_only",
      "cus_dir_contact_only",
    ]);
  });

  it("searches by part of the id, case-insensitively, with LIKE wildcards taken literally", async () => {
    expect((await listCustomers({ db: database, input: { q: "PEND" } })).rows.map((r) => r.customer_id)).toEqual(["cus_dir_pending"]);
    expect((await listCustomers({ db: database, input: { q: "_dir_ng" } })).rows.map((r) => r.customer_id)).toEqual(["cus_dir_ng"]);
    expect((await listCustomers({ db: database, input: { q: "nobody" } })).rows).toEqual([]);
    expect((await listCustomers({ db: database, input: { q: "approved", state: "approved" } })).rows.map((r) => r.customer_id)).toEqual([
      "cus_dir_approved",
    ]);
  });

  it("says when there are more customers than one page shows", async () => {
    const { rows, more } = await listCustomers({ db: database, input: {}, limit: 3 });
    expect(rows).toHaveLength(3);
    expect(more).toBe(true);
  });
});
