import { call } from "./call";
import { reapplyWebhookDelivery } from "@/lib/contracts/endpoints/webhooks";

export const webhooksApi = {
  /** Re-applies a stored delivery; a second call answers the first one's result (`replayed`). */
  reapply: (id: number) => call(reapplyWebhookDelivery, { params: { id: String(id) } }),
};
