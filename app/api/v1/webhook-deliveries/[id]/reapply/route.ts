import { reapplyWebhookDelivery } from "@/lib/contracts/webhooks";
import { route } from "@/server/http/route";
import { reapplyDelivery } from "@/server/webhooks/delivery-log";

export const POST = route(reapplyWebhookDelivery, ({ db, staff, params, requestId }) =>
  reapplyDelivery(db, staff, Number(params.id), requestId),
);
