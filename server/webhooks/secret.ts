import "server-only";
import { randomBytes } from "node:crypto";
import type { WebhookAuth } from "@/lib/contracts/webhooks";
import { env } from "@/server/env";

const globalForSecret = globalThis as unknown as { __embeddedWebhookSecret?: string };

/**
 * How verification webhooks authenticate: WEBHOOK_AUTH's scheme with WEBHOOK_SECRET, or — only
 * with the embedded simulator, which authenticates its own deliveries — a random secret made once
 * per process. With a real upstream and no secret there is none, and webhooks are refused.
 */
export function webhookAuth(): WebhookAuth | null {
  const config = env();
  const secret = config.webhookSecret ?? embeddedSecret(config.upstream.kind);
  if (!secret) return null;
  const { webhookAuth: scheme } = config;
  return scheme.mode === "shared-secret" ? { mode: "shared-secret", secret, header: scheme.header } : { mode: "hmac", secret };
}

function embeddedSecret(upstream: "embedded" | "http"): string | null {
  if (upstream !== "embedded") return null;
  globalForSecret.__embeddedWebhookSecret ??= randomBytes(32).toString("hex");
  return globalForSecret.__embeddedWebhookSecret;
}
