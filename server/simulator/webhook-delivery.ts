import "server-only";
import { verificationWebhookRequest, type VerificationEventPayload, type WebhookAuth } from "@/lib/contracts/webhooks";
import type { VerificationDecisionEvent } from "./types";

/** A decision as the webhook event of the shared contract (validated by its schema when the request is built). */
export function decisionPayload(event: VerificationDecisionEvent): VerificationEventPayload {
  return {
    event_id: event.eventId,
    customer_id: event.customerId,
    status: event.status,
    can_create_card: event.canCreateCard,
    decided_at: event.decidedAt,
  };
}

/**
 * Delivers over HTTP (the standalone simulator), a few attempts with a short back-off: a
 * receiver that is briefly down still gets the decision, and a duplicate is harmless to it.
 */
export async function deliverWebhook(
  url: string,
  auth: WebhookAuth,
  event: VerificationDecisionEvent,
  attempts = 3,
): Promise<number | null> {
  const payload = decisionPayload(event);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(await verificationWebhookRequest(url, auth, payload), { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return response.status;
    } catch {
      // Try again below.
    }
    await new Promise((resolve) => setTimeout(resolve, attempt * 500));
  }
  return null;
}
