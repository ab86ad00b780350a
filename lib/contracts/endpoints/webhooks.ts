import type * as webhooks from "@/lib/contracts/webhooks";
import { endpoint } from "./endpoint";

export const reapplyWebhookDelivery = endpoint<typeof webhooks.reapplyWebhookDelivery>({
  method: "POST",
  path: "/api/v1/webhook-deliveries/[id]/reapply",
});
