import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/server/env";

const globalForSecret = globalThis as unknown as { __embeddedWebhookSecret?: string };

/**
 * The key verification webhooks are signed with: WEBHOOK_SECRET, or — only with the embedded
 * simulator, which signs its own deliveries — a random one made once per process. With a real
 * upstream and no secret there is none, and webhooks are refused.
 */
export function webhookSecret(): string | null {
  const config = env();
  if (config.webhookSecret) return config.webhookSecret;
  if (config.upstream.kind !== "embedded") return null;
  globalForSecret.__embeddedWebhookSecret ??= randomBytes(32).toString("hex");
  return globalForSecret.__embeddedWebhookSecret;
}
