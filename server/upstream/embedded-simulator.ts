import "server-only";
import { receiveVerificationWebhook } from "@/server/customers/webhook-receiver";
import { webhookSecret } from "@/server/customers/webhook-secret";
import { log } from "@/server/log";
import { createSimulator, type Simulator } from "@/server/simulator";
import { webhookRequest } from "@/server/simulator/webhook-delivery";

const globalForSimulator = globalThis as unknown as { __embeddedSimulator?: Simulator };

/**
 * The in-process sandbox used when BUSINESS_API_BASE_URL is unset. Kept on globalThis so that
 * dev-mode module reloading does not reset its state (balances, verifications) mid-session.
 * Its verification decisions go, signed, through the same webhook receiver real deliveries use.
 */
export function embeddedSimulator(): Simulator {
  globalForSimulator.__embeddedSimulator ??= createSimulator({
    onVerificationDecision: (event) => {
      const secret = webhookSecret();
      if (!secret) return;
      const request = webhookRequest("http://app.internal/api/webhooks/card-verification", secret, event);
      void receiveVerificationWebhook(request).then(
        (response) => {
          if (!response.ok) log.warn({ status: response.status, eventId: event.eventId }, "embedded webhook delivery refused");
        },
        (error: unknown) => log.error({ err: error, eventId: event.eventId }, "embedded webhook delivery failed"),
      );
    },
  });
  return globalForSimulator.__embeddedSimulator;
}
