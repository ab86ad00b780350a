import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { VERIFICATION_DECISION_EVENT, verificationWebhookRequest, webhookAuthHeaders, type WebhookAuth } from "@/lib/contracts/webhooks";
import { readState } from "@/server/customers/verification-store";
import { verificationEventDeliveries, verificationEvents, webhookDeliveries } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { log } from "@/server/log";
import { decisionPayload } from "@/server/simulator/webhook-delivery";
import { verificationWebhookReceiver } from "./receiver";

let database: Db;
withFreshDatabase((opened) => (database = opened));

const SECRET = "receiver-test-secret-0123456789";
const URL = "http://app.test/api/webhooks/card-verification";
const modes: Array<[string, WebhookAuth]> = [
  ["hmac", { mode: "hmac", secret: SECRET }],
  ["shared-secret", { mode: "shared-secret", secret: SECRET, header: "X-Provider-Webhook-Secret" }],
];

const decision = (eventId: string, customerId: string) =>
  decisionPayload({ eventId, customerId, status: "APPROVED", canCreateCard: true, decidedAt: new Date().toISOString() });

const stored = async (customerId: string) => ({
  state: await readState({ db: database, customerId }),
  events: await database.select().from(verificationEvents).where(eq(verificationEvents.customerId, customerId)),
  deliveries: await database.select().from(verificationEventDeliveries).where(eq(verificationEventDeliveries.customerId, customerId)),
});

describe.each(modes)("the verification webhook receiver with WEBHOOK_AUTH=%s", (mode, auth) => {
  const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database });

  it("applies a delivery the simulator authenticates", async () => {
    const customer = `cus_wh_valid_${mode.replace("-", "_")}`;
    const response = await receive(await verificationWebhookRequest(URL, auth, decision(`evt_valid_${mode}`, customer)));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, duplicate: false, applied: true });
    expect((await stored(customer)).state).toMatchObject({ status: "APPROVED", canCreateCard: true, statusSource: "webhook" });
  });

  it("refuses a wrong or missing secret with a 401 and stores nothing", async () => {
    const customer = `cus_wh_wrong_${mode.replace("-", "_")}`;
    const wrongAuth: WebhookAuth = { ...auth, secret: "not-the-configured-secret-at-all" };
    const wrong = await receive(await verificationWebhookRequest(URL, wrongAuth, decision(`evt_wrong_${mode}`, customer)));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("invalid_signature");

    const body = JSON.stringify(decision(`evt_missing_${mode}`, customer));
    const missing = await receive(new Request(URL, { method: "POST", headers: { "Content-Type": "application/json" }, body }));
    expect(missing.status).toBe(401);

    expect(await stored(customer)).toEqual({ state: null, events: [], deliveries: [] });
  });

  it("applies a replayed event id once and records both deliveries", async () => {
    const customer = `cus_wh_replay_${mode.replace("-", "_")}`;
    const event = decision(`evt_replay_${mode}`, customer);
    const first = await receive(await verificationWebhookRequest(URL, auth, event));
    const again = await receive(await verificationWebhookRequest(URL, auth, event));
    expect(await first.json()).toMatchObject({ duplicate: false, applied: true });
    expect(await again.json()).toMatchObject({ duplicate: true, applied: false });
    const { events, deliveries } = await stored(customer);
    expect(events).toHaveLength(1);
    expect(deliveries.map((d) => d.duplicate)).toEqual([false, true]);
  });

  it("answers a malformed but authenticated body with a 400 naming the field", async () => {
    const customer = `cus_wh_bad_${mode.replace("-", "_")}`;
    const body = JSON.stringify({ event_id: `evt_bad_${mode}`, customer_id: customer, status: "MAYBE" });
    const headers = { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) };
    const response = await receive(new Request(URL, { method: "POST", headers, body }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: "malformed_event", field: "status" });
    expect((await stored(customer)).events).toEqual([]);
  });
});

describe("an authentic delivery of another event type", () => {
  const auth: WebhookAuth = { mode: "hmac", secret: SECRET };
  const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database });
  const deliver = async (body: Record<string, unknown>) => {
    const text = JSON.stringify(body);
    const headers = { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, text)) };
    return receive(new Request(URL, { method: "POST", headers, body: text }));
  };

  it.each([["type"], ["event"], ["event_type"]])(
    "is refused with a 400 naming %s, applies nothing and is logged as a refused shape",
    async (field) => {
      const customer = `cus_wh_type_${field}`;
      const response = await deliver({
        [field]: "card.terminated",
        event_id: `evt_type_${field}`,
        customer_id: customer,
        status: "approved",
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "malformed_event", field });
      expect(await stored(customer)).toEqual({ state: null, events: [], deliveries: [] });
      const [row] = await database
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.requestId, response.headers.get("X-Request-Id")!));
      expect(row).toMatchObject({ outcome: "refused", refusal: "shape" });
      expect(row!.refusalDetail).toContain(field);
    },
  );

  it("is applied when it names the verification decision event", async () => {
    const customer = "cus_wh_type_decision";
    const response = await deliver({
      type: VERIFICATION_DECISION_EVENT,
      event_id: "evt_type_decision",
      customer_id: customer,
      status: "approved",
    });
    expect(await response.json()).toMatchObject({ received: true, applied: true });
    expect((await stored(customer)).state).toMatchObject({ status: "APPROVED" });
  });
});

describe("the shared-secret receiver", () => {
  const auth: WebhookAuth = { mode: "shared-secret", secret: SECRET, header: "X-Provider-Webhook-Secret" };
  const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database });

  it("refuses the right secret under another header name (401) and stores nothing", async () => {
    const customer = "cus_wh_header_name";
    const elsewhere: WebhookAuth = { ...auth, header: "X-Webhook-Secret" };
    const response = await receive(await verificationWebhookRequest(URL, elsewhere, decision("evt_header_name", customer)));
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toContain("X-Provider-Webhook-Secret");
    // Nor does an hmac signature stand in for the secret.
    const signed = await receive(
      await verificationWebhookRequest(URL, { mode: "hmac", secret: SECRET }, decision("evt_header_hmac", customer)),
    );
    expect(signed.status).toBe(401);
    expect(await stored(customer)).toEqual({ state: null, events: [], deliveries: [] });
  });

  it("never logs the header's value, the right one or a wrong one", async () => {
    const warn = vi.spyOn(log, "warn");
    const info = vi.spyOn(log, "info");
    const wrongSecret = "a-wrong-secret-someone-guessed";
    await receive(await verificationWebhookRequest(URL, { ...auth, secret: wrongSecret }, decision("evt_log_wrong", "cus_wh_log")));
    await receive(await verificationWebhookRequest(URL, auth, decision("evt_log_right", "cus_wh_log")));
    const logged = JSON.stringify([...warn.mock.calls, ...info.mock.calls]);
    expect(warn).toHaveBeenCalled();
    expect(logged).toContain("X-Provider-Webhook-Secret");
    expect(logged).not.toContain(wrongSecret);
    expect(logged).not.toContain(SECRET);
    warn.mockRestore();
    info.mockRestore();
  });
});
