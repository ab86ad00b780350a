import { reapplyWebhookDelivery } from "@/lib/contracts/webhooks";
import { call } from "./call";

export const webhooksApi = {
  /** Re-applies a stored delivery; a second call answers the first one's result (`replayed`). */
  reapply: (id: number) => call(reapplyWebhookDelivery, { params: { id: String(id) } }),
};
