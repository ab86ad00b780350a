import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationWebhookRequest, type WebhookAuth } from "@/lib/contracts/webhooks";
import { cardVerificationState, verificationEvents, webhookDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { SEED } from "@/server/simulator/seed/ids";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { verificationWebhookReceiver } from "@/server/webhooks/receiver";
import { fakeStaff } from "@/server/testing/staff";
import { readVerification } from "./verification-check";
import { submitVerification } from "./verification-submit";
import { readState } from "./verification-store";

// Several instances share one database; their clocks differ. Each test runs part of the story as
// an instance whose clock is 10 minutes off (withAppClockSkew): what happened later must still win.
let database: Db;
withFreshDatabase((opened) => (database = opened));

const TEN_MINUTES = 10 * 60_000;
const c = SEED.customers;
const auth: WebhookAuth = { mode: "hmac", secret: "clock-skew-test-secret-0123456789" };
// The production receiver: no pinned clock, the receipt is whatever the receiver takes it from.
const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database });

let serial = 0;
/** The provider's clock: the real time, `ms` from now (read outside withAppClockSkew). */
const providerTime = (ms = 0) => new Date(Date.now() + ms);

/** A signed decision delivered to the receiver. */
async function deliverDecision(customerId: string, status: "APPROVED" | "REJECTED", decidedAt = providerTime()) {
  const event = {
    event_id: `evt_skew_${++serial}`,
    customer_id: customerId,
    status,
    can_create_card: status === "APPROVED",
    decided_at: decidedAt.toISOString(),
  };
  const response = await receive(await verificationWebhookRequest("http://app.test/api/webhooks/card-verification", auth, event));
  return { status: response.status, body: (await response.json()) as { applied?: boolean; error?: { field?: string } } };
}

const check = (customerId: string) => readVerification({ db: database, input: { id: customerId, refresh: true } });

/** How far (seconds) a stored time of the row is from the database's now(). */
async function secondsFromDatabaseNow(customerId: string) {
  const [row] = await database
    .select({
      statusUpdatedAt: sql<number>`abs(extract(epoch from ${cardVerificationState.statusUpdatedAt} - now()))`.mapWith(Number),
      updatedAt: sql<number>`abs(extract(epoch from ${cardVerificationState.updatedAt} - now()))`.mapWith(Number),
      statusAsOf: sql<number>`abs(extract(epoch from ${cardVerificationState.statusAsOf} - now()))`.mapWith(Number),
    })
    .from(cardVerificationState)
    .where(eq(cardVerificationState.customerId, customerId));
  return row;
}

describe("statuses are ordered by the database's clock, whatever the instances' clocks say", () => {
  it("applies a decision received after a check made on an instance whose clock runs 10 minutes ahead", async () => {
    // The simulator answers APPROVED; the check is made by the instance that runs ahead.
    await withAppClockSkew(TEN_MINUTES, () => check(c.approved));
    expect(await readState({ db: database, customerId: c.approved })).toMatchObject({ status: "APPROVED", statusSource: "check" });

    // Later, an instance with a correct clock receives a decision made after the check.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await deliverDecision(c.approved, "REJECTED")).toMatchObject({ status: 200, body: { applied: true } });
    expect(await readState({ db: database, customerId: c.approved })).toMatchObject({
      status: "REJECTED",
      canCreateCard: false,
      statusSource: "webhook",
    });
  });

  it("applies a check made after a decision, on an instance whose clock runs 10 minutes behind", async () => {
    expect(await deliverDecision(c.rejected, "APPROVED")).toMatchObject({ status: 200, body: { applied: true } });
    await new Promise((resolve) => setTimeout(resolve, 20));

    // The simulator, asked afterwards, answers REJECTED: the newer answer, from the slow instance.
    await expect(withAppClockSkew(-TEN_MINUTES, () => check(c.rejected))).resolves.toMatchObject({
      status: "REJECTED",
      source: "check",
    });
    expect(await readState({ db: database, customerId: c.rejected })).toMatchObject({
      status: "REJECTED",
      canCreateCard: false,
      statusSource: "check",
    });
  });

  it("applies a submit's answer sent after a decision, on an instance whose clock runs 10 minutes behind", async () => {
    expect(await deliverDecision(c.willReject, "APPROVED")).toMatchObject({ status: 200, body: { applied: true } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Submitted afterwards from the slow instance: the upstream's answer (PENDING) is the newer state.
    const submitted = await withAppClockSkew(-TEN_MINUTES, () =>
      submitVerification({ db: database, input: { id: c.willReject }, actor: fakeStaff("ops"), requestId: "req-skew-submit" }),
    );
    expect(submitted).toMatchObject({ outcome: "pending", view: { status: "PENDING", source: "submit" } });
  });

  it("caps a decision dated ahead at its receipt on the database's clock, not the receiving instance's", async () => {
    // The provider's clock runs 4 minutes fast (accepted); the receiving instance's runs 10 ahead.
    const decidedAt = providerTime(4 * 60_000);
    const delivered = await withAppClockSkew(TEN_MINUTES, () => deliverDecision(c.notSubmitted, "APPROVED", decidedAt));
    expect(delivered).toMatchObject({ status: 200, body: { applied: true } });
    // The event and the delivery log (a reapply orders by it) keep that receipt: one moment, on the database's clock.
    const [event] = await database.select().from(verificationEvents).where(eq(verificationEvents.customerId, c.notSubmitted));
    const [logged] = await database.select().from(webhookDeliveries).where(eq(webhookDeliveries.customerId, c.notSubmitted));
    expect(logged?.receivedAt).toEqual(event?.receivedAt);
    const [receipt] = await database
      .select({ away: sql<number>`abs(extract(epoch from ${verificationEvents.receivedAt} - now()))`.mapWith(Number) })
      .from(verificationEvents)
      .where(eq(verificationEvents.customerId, c.notSubmitted));
    expect(receipt?.away).toBeLessThan(60);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A check made afterwards, on a correct clock, outranks it (the simulator answers NOT_SUBMITTED).
    await expect(check(c.notSubmitted)).resolves.toMatchObject({ status: "NOT_SUBMITTED", source: "check" });
    expect(await readState({ db: database, customerId: c.notSubmitted })).toMatchObject({ status: "NOT_SUBMITTED", statusSource: "check" });
  });

  it("judges decided_at's 5-minute bound against the database's receipt, not a slow instance's clock", async () => {
    const customer = "cus_skew_receipt_behind";
    // 4 minutes ahead of the real time is inside the bound, even on an instance 10 minutes behind.
    const inside = providerTime(4 * 60_000);
    const delivered = await withAppClockSkew(-TEN_MINUTES, () => deliverDecision(customer, "APPROVED", inside));
    expect(delivered).toMatchObject({ status: 200, body: { applied: true } });
    // 6 minutes ahead is beyond it, even on an instance 10 minutes ahead.
    const beyond = providerTime(6 * 60_000);
    const refused = await withAppClockSkew(TEN_MINUTES, () => deliverDecision("cus_skew_receipt_far", "APPROVED", beyond));
    expect(refused).toMatchObject({ status: 400, body: { error: { field: "decided_at" } } });
    expect(await readState({ db: database, customerId: "cus_skew_receipt_far" })).toBeNull();
  });

  it.each([
    ["10 minutes ahead", TEN_MINUTES],
    ["10 minutes behind", -TEN_MINUTES],
  ])("stores the status's times on the database's clock when the instance's runs %s", async (_label, skew) => {
    const customer = skew > 0 ? c.pending : c.reconciliation;
    await withAppClockSkew(skew, () => check(customer));
    const away = await secondsFromDatabaseNow(customer);
    // Written moments ago by the database: well under a minute, not 600 seconds, from its now().
    expect(away?.statusUpdatedAt).toBeLessThan(60);
    expect(away?.updatedAt).toBeLessThan(60);
    expect(away?.statusAsOf).toBeLessThan(60);
  });
});
