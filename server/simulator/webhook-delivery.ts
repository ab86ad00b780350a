import "server-only";
import { SIGNATURE_HEADER, signBody } from "@/server/webhooks/signature";
import type { VerificationDecisionEvent } from "./types";

/** A decision as the signed webhook request the app expects (JSON body, HMAC header). */
export function webhookRequest(url: string, secret: string, event: VerificationDecisionEvent): Request {
  const body = JSON.stringify({
    event_id: event.eventId,
    customer_id: event.customerId,
    status: event.status,
    can_create_card: event.canCreateCard,
    decided_at: event.decidedAt,
  });
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: signBody(secret, body) },
    body,
  });
}

/**
 * Delivers over HTTP (the standalone simulator), a few attempts with a short back-off: a
 * receiver that is briefly down still gets the decision, and a duplicate is harmless to it.
 */
export async function deliverWebhook(url: string, secret: string, event: VerificationDecisionEvent, attempts = 3): Promise<number | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(webhookRequest(url, secret, event), { signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return response.status;
    } catch {
      // Try again below.
    }
    await new Promise((resolve) => setTimeout(resolve, attempt * 500));
  }
  return null;
}
