import { listWebhookDeliveries } from "@/lib/contracts/webhooks";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { listDeliveries } from "@/server/webhooks/delivery-log";

const get = route(listWebhookDeliveries, ({ db, query }) => listDeliveries(db, query));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
