import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookAuth } from "@/lib/contracts/webhooks";
import { readState } from "@/server/customers/verification-store";
import { db } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { withFreshDatabase } from "@/server/testing/database";
import { deliverWebhook } from "@/server/simulator/webhook-delivery";
import { deliverInProcess } from "./delivery";
import { verificationWebhookReceiver } from "./receiver";

let database: Db;
withFreshDatabase((opened) => (database = opened));

const decision = (eventId: string, customerId: string, status: "APPROVED" | "REJECTED" = "APPROVED") => ({
  eventId,
  customerId,
  status,
  canCreateCard: status === "APPROVED",
  decidedAt: new Date().toISOString(),
});

describe("in-process delivery (embedded simulator)", () => {
  it("reaches the receiver authenticated with the process's own secret and applies the decision", async () => {
    const response = await deliverInProcess(decision("evt_embedded_1", "cus_embedded_delivery", "REJECTED"));
    expect(response?.status).toBe(200);
    // The app's own receiver opens the process-wide database, as a route does: the decision is there.
    expect(await readState({ db: await db(), customerId: "cus_embedded_delivery" })).toMatchObject({
      status: "REJECTED",
      canCreateCard: false,
      statusSource: "webhook",
    });
  });
});

/** The receiver behind a real HTTP listener, configured with `auth`, as the standalone simulator meets it. */
async function receiverServer(auth: WebhookAuth): Promise<{ url: string; server: Server }> {
  const receive = verificationWebhookReceiver({ authFor: () => auth, openDb: async () => database });
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await receive(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, { "Content-Type": "application/json" }).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/card-verification`, server };
}

describe.each<[string, WebhookAuth]>([
  ["hmac", { mode: "hmac", secret: "http-delivery-secret-0123456789" }],
  ["shared-secret", { mode: "shared-secret", secret: "http-delivery-secret-0123456789", header: "X-Webhook-Secret" }],
])("the standalone simulator's HTTP delivery with %s", (mode, auth) => {
  let target: { url: string; server: Server };
  beforeAll(async () => {
    target = await receiverServer(auth);
  });
  afterAll(() => new Promise<void>((resolve) => target.server.close(() => resolve())));

  it("is accepted by a receiver configured the same way", async () => {
    const customer = `cus_http_${mode.replace("-", "_")}`;
    expect(await deliverWebhook(target.url, auth, decision(`evt_http_${mode}`, customer))).toBe(200);
    expect(await readState({ db: database, customerId: customer })).toMatchObject({ status: "APPROVED", statusSource: "webhook" });
  });

  it("is refused (401, not retried into a success) with another secret", async () => {
    const customer = `cus_http_wrong_${mode.replace("-", "_")}`;
    expect(
      await deliverWebhook(target.url, { ...auth, secret: "some-other-secret-entirely" }, decision(`evt_http_wrong_${mode}`, customer)),
    ).toBe(401);
    expect(await readState({ db: database, customerId: customer })).toBeNull();
  });
});
