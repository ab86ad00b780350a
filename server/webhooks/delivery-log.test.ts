import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verificationWebhookRequest, webhookAuthHeaders, type WebhookAuth } from "@/lib/contracts/webhooks";
import { DELIVERY_RETENTION_DAYS, isRefusalSpike } from "@/lib/webhooks/delivery-log";
import type { StaffMember } from "@/server/auth/staff-repo";
import { readState, saveStatus } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import { auditLog, cardVerificationState, webhookDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withAppClockSkew } from "@/server/testing/app-clock-skew";
import { withFreshDatabase } from "@/server/testing/database";
import { demoMember } from "@/server/testing/demo-accounts";
import { listDeliveries, pruneDeliveries, reapplyDelivery, recordDelivery, refusedPerHour, storedPayload } from "./delivery-log";
import { verificationWebhookReceiver } from "./receiver";

let database: Db;
let admin: StaffMember;
beforeAll(async () => {
  database = await db();
  admin = await demoMember("admin");
});

const SECRET = "delivery-log-test-secret-0123456789";
const auth: WebhookAuth = { mode: "hmac", secret: SECRET };
const URL = "http://app.test/api/webhooks/card-verification";
const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: db });

const decision = (eventId: string, customerId: string, status: "APPROVED" | "REJECTED", decidedAt: string) => ({
  event_id: eventId,
  customer_id: customerId,
  status,
  decided_at: decidedAt,
});

async function rowsOf(customerId: string) {
  return database.select().from(webhookDeliveries).where(eq(webhookDeliveries.customerId, customerId)).orderBy(webhookDeliveries.id);
}

describe("the delivery log", () => {
  it("records each delivery with what became of it: applied, duplicate, older than the stored decision", async () => {
    const customer = "cus_log_outcomes";
    const first = decision("evt_log_1", customer, "APPROVED", "2026-11-20T10:05:00Z");
    await receive(await verificationWebhookRequest(URL, auth, first));
    await receive(await verificationWebhookRequest(URL, auth, first));
    await receive(await verificationWebhookRequest(URL, auth, decision("evt_log_0", customer, "REJECTED", "2026-11-20T09:00:00Z")));
    const rows = await rowsOf(customer);
    expect(rows.map((r) => r.outcome)).toEqual(["applied", "duplicate", "stale"]);
    expect(rows[0]).toMatchObject({ eventId: "evt_log_1", status: "APPROVED", refusal: null });
    expect(rows[0]!.payload).toEqual(first);
  });

  it("records a refused delivery and why, keeping nothing of an unauthenticated body", async () => {
    const body = JSON.stringify(decision("evt_log_forged", "cus_log_forged", "APPROVED", "2026-11-20T10:05:00Z"));
    const response = await receive(
      new Request(URL, { method: "POST", headers: { "Content-Type": "application/json", "X-Webhook-Signature": "sha256=00" }, body }),
    );
    expect(response.status).toBe(401);
    const [row] = await database
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.requestId, response.headers.get("X-Request-Id")!));
    expect(row).toMatchObject({ outcome: "refused", refusal: "signature", customerId: null, eventId: null, payload: null });
    expect(row!.payloadBytes).toBe(Buffer.byteLength(body));
    expect(JSON.stringify(row)).not.toContain("cus_log_forged");
  });

  it("names the field of an authentic body that is not a valid decision, and keeps that body masked", async () => {
    const body = JSON.stringify({
      event_id: "evt_log_shape",
      customer_id: "cus_log_shape",
      status: "MAYBE",
      bvn: "22222222222",
      secret: "x",
    });
    const response = await receive(
      new Request(URL, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) },
        body,
      }),
    );
    expect(response.status).toBe(400);
    const [row] = await database
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.requestId, response.headers.get("X-Request-Id")!));
    expect(row).toMatchObject({ outcome: "refused", refusal: "shape" });
    expect(row!.refusalDetail).toContain("status");
    const kept = JSON.stringify(row!.payload);
    expect(kept).toContain("MAYBE");
    expect(kept).not.toContain("22222222222");
    expect(kept).not.toContain('"secret"');
  });

  it("bounds a stored payload: a long one keeps a masked preview", () => {
    const long = { note: "x".repeat(10_000), card: "4111111111111111" };
    const kept = storedPayload(long) as { truncated: boolean; preview: string };
    expect(kept.truncated).toBe(true);
    expect(kept.preview.length).toBeLessThanOrEqual(4_096);
    expect(JSON.stringify(storedPayload({ card: "4111111111111111" }))).not.toContain("4111111111111111");
  });

  it("pages newest first with a cursor, and filters refused ones", async () => {
    const base = new Date("2026-11-01T00:00:00Z");
    for (let i = 0; i < 5; i++)
      await recordDelivery(
        {
          receivedAt: new Date(base.getTime() + i * 1000),
          requestId: `req_page_${i}`,
          outcome: "refused",
          refusal: "size",
          payloadBytes: 20_000,
        },
        async () => database,
      );
    const first = await listDeliveries(database, { outcome: "refused", limit: 2 });
    expect(first.deliveries).toHaveLength(2);
    expect(first.deliveries[0]!.id).toBeGreaterThan(first.deliveries[1]!.id);
    const second = await listDeliveries(database, { outcome: "refused", limit: 2, cursor: first.nextCursor! });
    expect(second.deliveries[0]!.id).toBeLessThan(first.deliveries[1]!.id);
    expect([...first.deliveries, ...second.deliveries].every((d) => d.outcome === "refused")).toBe(true);
    const accepted = await listDeliveries(database, { outcome: "accepted", limit: 50 });
    expect(accepted.deliveries.some((d) => d.outcome === "refused")).toBe(false);
  });
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("the delivery log's hours are the database's, whatever the reading instance's clock", () => {
  // A database of its own: the counts here must not see the other tests' refusals.
  let fresh: Db;
  withFreshDatabase((opened) => (fresh = opened));

  /** A delivery received `minutesAgo` before the database's now(), as recordDelivery writes it. */
  async function receivedAgo(minutesAgo: number, requestId: string, outcome: "refused" | "applied" = "refused") {
    const [row] = await fresh
      .insert(webhookDeliveries)
      .values({
        receivedAt: sql`now() - make_interval(secs => ${minutesAgo * 60})`,
        requestId,
        outcome,
        refusal: outcome === "refused" ? "signature" : null,
        payloadBytes: 10,
      })
      .returning({ id: webhookDeliveries.id });
    return row!.id;
  }

  it("counts refusals per hour and calls a sudden burst a spike, a steady trickle not", async () => {
    for (let i = 0; i < 12; i++) await receivedAgo(1 + i, `req_spike_${i}`);
    await receivedAgo(90, "req_spike_old");
    await receivedAgo(5, "req_spike_ok", "applied");
    const stats = await refusedPerHour(fresh);
    expect(stats.lastHour).toBe(12);
    expect(stats.hours[1]).toBe(1);
    expect(stats.spike).toBe(true);

    expect(isRefusalSpike([9, 0, 0])).toBe(false);
    expect(isRefusalSpike([12, ...Array(23).fill(5)])).toBe(false);
    expect(isRefusalSpike([15, ...Array(23).fill(5)])).toBe(true);
    await fresh.delete(webhookDeliveries);
  });

  it("shows the same hours on an instance 10 minutes behind and one 2 hours ahead", async () => {
    for (const minutesAgo of [1, 3, 5, 7, 9]) await receivedAgo(minutesAgo, `req_skew_${minutesAgo}`);
    await receivedAgo(61, "req_skew_second_hour");
    await receivedAgo(23 * 60 + 50, "req_skew_last_hour_of_the_day");
    await receivedAgo(24 * 60 + 10, "req_skew_yesterday");
    const expected = Array.from({ length: 24 }, (_, i) => (i === 0 ? 5 : i === 1 || i === 23 ? 1 : 0));
    expect((await refusedPerHour(fresh)).hours).toEqual(expected);
    const behind = await withAppClockSkew(-10 * MINUTE, () => refusedPerHour(fresh));
    expect(behind.lastHour).toBe(5);
    expect(behind.hours).toEqual(expected);
    expect((await withAppClockSkew(2 * HOUR, () => refusedPerHour(fresh))).hours).toEqual(expected);
    await fresh.delete(webhookDeliveries);
  });

  it("prunes deliveries past the retention period of the database's clock, on a fast instance or a slow one", async () => {
    const retention = DELIVERY_RETENTION_DAYS * 24 * 60;
    for (const skew of [10 * MINUTE, -10 * MINUTE]) {
      const kept = await receivedAgo(retention - 5, "req_prune_kept");
      const dropped = await receivedAgo(retention + 5, "req_prune_dropped");
      await withAppClockSkew(skew, () => pruneDeliveries(fresh));
      const left = (await fresh.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((r) => r.id);
      expect(left).toContain(kept);
      expect(left).not.toContain(dropped);
      await fresh.delete(webhookDeliveries);
    }
  });
});

describe("re-applying a stored delivery", () => {
  async function deliveryFor(customer: string, eventId: string, decidedAt: string) {
    await receive(await verificationWebhookRequest(URL, auth, decision(eventId, customer, "APPROVED", decidedAt)));
    return (await rowsOf(customer)).find((r) => r.eventId === eventId)!;
  }

  it("applies once, audited; a second request (another tab) answers the first result and changes nothing", async () => {
    const customer = "cus_log_reapply";
    const row = await deliveryFor(customer, "evt_reapply_1", "2026-11-20T10:00:00Z");
    // Someone overwrote the status with an older-dated one by hand (as a repair would): re-applying restores the decision.
    await database
      .update(cardVerificationState)
      .set({ status: "PENDING", statusAsOf: new Date("2026-11-20T09:00:00Z") })
      .where(eq(cardVerificationState.customerId, customer));
    const [a, b] = await Promise.all([
      reapplyDelivery(database, admin, row.id, "req_reapply_a"),
      reapplyDelivery(database, admin, row.id, "req_reapply_b"),
    ]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.outcome).toBe("applied");
    expect(b.outcome).toBe("applied");
    expect((await readState({ db: database, customerId: customer }))?.status).toBe("APPROVED");
    const entries = await database
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "webhook.reapply"), eq(auditLog.target, `webhook_delivery:${row.id}`)));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => (e.detail as { replayed: boolean }).replayed).sort()).toEqual([false, true]);
    expect(entries[0]!.actorEmail).toBe(admin.email);
  });

  it("leaves an older-than-stored decision refused", async () => {
    const customer = "cus_log_reapply_stale";
    const row = await deliveryFor(customer, "evt_reapply_stale", "2026-11-20T10:00:00Z");
    await saveStatus({
      db: database,
      customerId: customer,
      update: { status: "REJECTED", canCreateCard: false, source: "check" },
      asOf: new Date("2026-11-21T00:00:00Z"),
    });
    const result = await reapplyDelivery(database, admin, row.id, "req_reapply_stale");
    expect(result).toMatchObject({ outcome: "stale", replayed: false });
    expect((await readState({ db: database, customerId: customer }))?.status).toBe("REJECTED");
  });

  it("stamps a reapply with the database's clock, like the receipt it is shown beside", async () => {
    const { withAppClockSkew } = await import("@/server/testing/app-clock-skew");
    const row = await deliveryFor("cus_log_reapply_clock", "evt_reapply_clock", "2026-11-20T10:00:00Z");
    const result = await withAppClockSkew(-30 * 60_000, () => reapplyDelivery(database, admin, row.id, "req_reapply_clock"));
    expect(Math.abs(Date.parse(result.reappliedAt) - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a refused delivery (409) and an unknown id (404)", async () => {
    const refused = await recordDelivery(
      { receivedAt: new Date(), requestId: "req_refused", outcome: "refused", refusal: "signature", payloadBytes: 3 },
      async () => database,
    );
    await expect(reapplyDelivery(database, admin, refused!, "req_x")).rejects.toMatchObject({ status: 409, code: "not_reapplicable" });
    await expect(reapplyDelivery(database, admin, 987_654_321, "req_y")).rejects.toMatchObject({ status: 404 });
  });
});
