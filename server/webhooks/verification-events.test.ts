import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verificationEventDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { listVerificationDeliveries, recordVerificationEvent } from "./verification-events";
import { NOT_FOUND_CODE, readState, saveCheckFailure, saveStatus } from "@/server/customers/verification-store";

let database: Db;
withFreshDatabase((opened) => (database = opened));

const event = (id: string, customer: string, status: "APPROVED" | "REJECTED" | "PENDING", decidedAt?: string) => ({
  event_id: id,
  customer_id: customer,
  status,
  ...(decidedAt ? { decided_at: decidedAt } : {}),
});

describe("verification webhooks keep the newest decision", () => {
  it("does not let a late delivery with an older decided_at overwrite a newer decision, but records it", async () => {
    const customer = "cus_webhook_order";
    expect(await recordVerificationEvent({ db: database, input: event("evt_new", customer, "REJECTED", "2026-11-20T10:05:00Z") })).toEqual({
      result: "applied",
      receivedAt: expect.any(Date),
    });
    const afterNewer = await readState({ db: database, customerId: customer });
    expect(await recordVerificationEvent({ db: database, input: event("evt_old", customer, "APPROVED", "2026-11-20T10:00:00Z") })).toEqual({
      result: "stale",
      receivedAt: expect.any(Date),
    });
    const after = await readState({ db: database, customerId: customer });
    expect(after).toMatchObject({ status: "REJECTED", canCreateCard: false, statusSource: "webhook" });
    expect(after?.statusUpdatedAt).toEqual(afterNewer?.statusUpdatedAt);
    const delivered = await database.select().from(verificationEventDeliveries).where(eq(verificationEventDeliveries.customerId, customer));
    expect(delivered.map((d) => d.eventId).sort()).toEqual(["evt_new", "evt_old"]);
    expect((await listVerificationDeliveries({ db: database })).events.some((e) => e.event_id === "evt_old")).toBe(true);

    // A replay of the newer event changes nothing either.
    expect(await recordVerificationEvent({ db: database, input: event("evt_new", customer, "REJECTED", "2026-11-20T10:05:00Z") })).toEqual({
      result: "duplicate",
      receivedAt: expect.any(Date),
    });
  });

  it("applies a decision newer than the stored one", async () => {
    const customer = "cus_webhook_newer";
    await recordVerificationEvent({ db: database, input: event("evt_a", customer, "PENDING", "2026-11-20T09:00:00Z") });
    await recordVerificationEvent({ db: database, input: event("evt_b", customer, "APPROVED", "2026-11-20T09:10:00Z") });
    expect(await readState({ db: database, customerId: customer })).toMatchObject({ status: "APPROVED", canCreateCard: true });
  });

  it("does not let a decision older than a check's answer overwrite it", async () => {
    const customer = "cus_webhook_vs_check";
    await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "APPROVED", canCreateCard: true, source: "check" },
      asOf: new Date("2026-11-20T12:00:00Z"),
      checkedAt: new Date(),
    });
    expect(
      (await recordVerificationEvent({ db: database, input: event("evt_stale", customer, "PENDING", "2026-11-20T11:00:00Z") })).result,
    ).toBe("stale");
    expect(await readState({ db: database, customerId: customer })).toMatchObject({ status: "APPROVED", statusSource: "check" });
  });
});

describe("a decision for a customer the payments API does not know", () => {
  it("is recorded, not applied, after a check answered not found; a later check that finds the customer stores its status", async () => {
    const customer = "cus_other_business_pushed";
    await saveCheckFailure({ db: database, customerId: customer, error: { code: NOT_FOUND_CODE, message: "No such customer." } });
    const pushed = await recordVerificationEvent({ db: database, input: event("evt_not_ours", customer, "APPROVED") });
    expect(pushed.result).toBe("unknown_customer");
    expect(await readState({ db: database, customerId: customer })).toMatchObject({ status: null, canCreateCard: false });
    const delivered = await database.select().from(verificationEventDeliveries).where(eq(verificationEventDeliveries.customerId, customer));
    expect(delivered.map((d) => d.eventId)).toEqual(["evt_not_ours"]);

    await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "PENDING", canCreateCard: false, source: "check" },
      checkedAt: new Date(),
    });
    expect((await recordVerificationEvent({ db: database, input: event("evt_ours_now", customer, "APPROVED") })).result).toBe("applied");
    expect(await readState({ db: database, customerId: customer })).toMatchObject({ status: "APPROVED", canCreateCard: true });
  });

  it("is applied for a customer the back-office has not asked about yet (submitted elsewhere)", async () => {
    expect((await recordVerificationEvent({ db: database, input: event("evt_first_news", "cus_first_news", "APPROVED") })).result).toBe(
      "applied",
    );
  });
});

describe("status last changed", () => {
  it("stays put on a save with the same status and moves when the status changes", async () => {
    const customer = "cus_status_clock";
    await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "PENDING", canCreateCard: false, source: "submit" },
      asOf: new Date(Date.now() - 10_000),
    });
    const first = (await readState({ db: database, customerId: customer }))!.statusUpdatedAt!;
    await new Promise((r) => setTimeout(r, 20));
    await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "PENDING", canCreateCard: false, source: "check" },
      checkedAt: new Date(),
    });
    const same = await readState({ db: database, customerId: customer });
    expect(same?.statusUpdatedAt).toEqual(first);
    expect(same?.checkedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    await saveStatus({ db: database, customerId: customer, update: { status: "APPROVED", canCreateCard: true, source: "webhook" } });
    const changed = await readState({ db: database, customerId: customer });
    expect(changed?.status).toBe("APPROVED");
    expect(changed!.statusUpdatedAt!.getTime()).toBeGreaterThan(first.getTime());
  });
});
