import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookAuthHeaders, type WebhookAuth } from "@/lib/contracts/webhooks";
import { readState, saveStatus } from "@/server/customers/verification-store";
import { verificationEventDeliveries, verificationEvents } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { DECISION_CLOCK_SKEW_MS } from "./decision-time";
import { verificationWebhookReceiver } from "./receiver";

let database: Db;
withFreshDatabase((opened) => (database = opened));

const auth: WebhookAuth = { mode: "hmac", secret: "decision-time-test-secret-0123456789" };
const URL = "http://app.test/api/webhooks/card-verification";
// The receiver's clock stands still, so "5 minutes after receipt" is exact, not a race with the test.
const RECEIVED_AT = new Date("2026-11-26T10:00:00.000Z");
const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database, clock: () => new Date(RECEIVED_AT) });
const at = (msAfterReceipt: number) => new Date(RECEIVED_AT.getTime() + msAfterReceipt).toISOString();

let serial = 0;
/** A signed delivery of a raw JSON body, so that values the shared schema would refuse to build can be sent. */
async function deliver(fields: Record<string, unknown>) {
  const body = JSON.stringify({ event_id: `evt_time_${++serial}`, status: "APPROVED", can_create_card: true, ...fields });
  const response = await receive(
    new Request(URL, { method: "POST", headers: { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) }, body }),
  );
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code: string; field?: string; message: string }; applied?: boolean },
  };
}

const storedFor = async (customerId: string) => ({
  state: await readState({ db: database, customerId }),
  events: await database.select().from(verificationEvents).where(eq(verificationEvents.customerId, customerId)),
  deliveries: await database.select().from(verificationEventDeliveries).where(eq(verificationEventDeliveries.customerId, customerId)),
});

describe("a webhook's decided_at is bounded by its receipt", () => {
  it("is one five-minute bound", () => {
    expect(DECISION_CLOCK_SKEW_MS).toBe(5 * 60_000);
  });

  it.each([
    ["far in the future (year 2999)", "2999-01-01T00:00:00Z"],
    ["just past the 5-minute skew", at(5 * 60_000 + 1)],
    ["year 0", "0000-01-01T00:00:00Z"],
    ["year 0 once in UTC (0001-01-01 at +01:00)", "0001-01-01T00:30:00+01:00"],
    ["before year 1 (expanded year)", "-000001-01-01T00:00:00Z"],
    ["year 10000", "10000-01-01T00:00:00Z"],
    ["year 10000 (expanded year)", "+010000-01-01T00:00:00Z"],
    ["February 30th", "2026-02-30T10:00:00Z"],
    ["February 29th of a common year", "2025-02-29T10:00:00Z"],
    ["a date without a time", "2026-11-26"],
    ["a time without a zone", "2026-11-26T10:00:00"],
    ["not a date", "yesterday"],
    ["a huge number", 1e308],
    ["a huge number as text", "99999999999999999999"],
    ["epoch milliseconds", RECEIVED_AT.getTime()],
    ["null", null],
  ])("refuses a decided_at %s with a 400 naming decided_at, storing nothing", async (label, decidedAt) => {
    const customer = `cus_time_refused_${serial + 1}`;
    const got = await deliver({ customer_id: customer, decided_at: decidedAt });
    expect(got.status, label).toBe(400);
    expect(got.body.error).toMatchObject({ code: "malformed_event", field: "decided_at" });
    expect(await storedFor(customer)).toEqual({ state: null, events: [], deliveries: [] });
  });

  it.each([
    ["exactly 5 minutes after receipt", at(5 * 60_000)],
    ["just inside the skew", at(5 * 60_000 - 1)],
    ["at receipt", at(0)],
    ["in year 1", "0001-01-01T00:00:00Z"],
    ["a leap day", "2024-02-29T12:00:00+01:00"],
    ["written with RFC 3339's lower-case t and z", "2026-01-31t09:15:00z"],
  ])("accepts a decided_at %s", async (label, decidedAt) => {
    const customer = `cus_time_accepted_${serial + 1}`;
    const got = await deliver({ customer_id: customer, decided_at: decidedAt });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect((await storedFor(customer)).state, label).toMatchObject({ status: "APPROVED", canCreateCard: true, statusSource: "webhook" });
  });

  it("orders a decision dated ahead of its receipt by the receipt: a status fetched after it wins", async () => {
    const customer = "cus_time_ahead_then_check";
    expect((await deliver({ customer_id: customer, decided_at: at(4 * 60_000) })).status).toBe(200);
    // A check sent one second after the delivery arrived answers REJECTED.
    const applied = await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "REJECTED", canCreateCard: false, source: "check" },
      asOf: new Date(RECEIVED_AT.getTime() + 1_000),
      checkedAt: new Date(),
    });
    expect(applied).toBe(true);
    expect(await readState({ db: database, customerId: customer })).toMatchObject({
      status: "REJECTED",
      canCreateCard: false,
      statusSource: "check",
    });
  });
});

describe("status strings are normalised at the boundary", () => {
  it.each(["approved", "Approved", "APPROVED"])("stores %s as APPROVED", async (status) => {
    const customer = `cus_case_${status}`;
    const got = await deliver({ customer_id: customer, status, decided_at: at(0) });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const { state, events } = await storedFor(customer);
    expect(state).toMatchObject({ status: "APPROVED", canCreateCard: true });
    expect(events.map((e) => e.status)).toEqual(["APPROVED"]);
  });

  it("refuses a look-alike that only folds into a status outside ASCII (pendıng) with a 400 naming status", async () => {
    const got = await deliver({ customer_id: "cus_case_lookalike", status: "pend\u0131ng", decided_at: at(0) });
    expect(got.status).toBe(400);
    expect(got.body.error).toMatchObject({ code: "malformed_event", field: "status" });
  });
});
