import "server-only";
import { verificationWebhookRequest } from "@/lib/contracts/webhooks";
import { log } from "@/server/log";
import { decisionPayload, type VerificationDecisionEvent } from "@/server/simulator";
import { receiveVerificationWebhook } from "./receiver";
import { webhookAuth } from "./secret";

/** The embedded simulator's address for its deliveries; they never leave the process. */
const IN_PROCESS_URL = "http://app.internal/api/webhooks/card-verification";

/**
 * Hands an embedded-simulator decision to the same receiver real deliveries reach, authenticated
 * by the configured scheme, so the in-process path exercises what the provider's path does.
 */
export async function deliverInProcess(event: VerificationDecisionEvent): Promise<Response | null> {
  const auth = webhookAuth();
  if (!auth) return null;
  try {
    const response = await receiveVerificationWebhook(await verificationWebhookRequest(IN_PROCESS_URL, auth, decisionPayload(event)));
    if (!response.ok) log.warn({ status: response.status, eventId: event.eventId }, "embedded webhook delivery refused");
    return response;
  } catch (error) {
    log.error({ err: error, eventId: event.eventId }, "embedded webhook delivery failed");
    return null;
  }
}
