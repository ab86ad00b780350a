import { reapplyWebhookDelivery } from "@/lib/contracts/webhooks";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { reapplyDelivery } from "@/server/webhooks/delivery-log";

const post = route(reapplyWebhookDelivery, ({ db, staff, params, requestId }) => reapplyDelivery(db, staff, Number(params.id), requestId));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
