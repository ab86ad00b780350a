import type { APIRequestContext } from "@playwright/test";
import { webhookAuthHeaders } from "@/lib/contracts/webhooks";
import { WEBHOOK_SECRET } from "./servers";

/**
 * A verification decision posted to the app as the provider sends it: signed (hmac) with the e2e
 * servers' secret, or with another one to be refused. A string is sent as it is, for a body the
 * event's schema would not build.
 */
export async function deliverWebhook(request: APIRequestContext, event: Record<string, unknown> | string, secret = WEBHOOK_SECRET) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  return request.post("/api/webhooks/card-verification", {
    headers: { "Content-Type": "application/json", ...(await webhookAuthHeaders({ mode: "hmac", secret }, body)) },
    data: body,
  });
}
