import { listWebhookDeliveries } from "@/lib/contracts/webhooks";
import { route } from "@/server/http/route";
import { listDeliveries } from "@/server/webhooks/delivery-log";

export const GET = route(listWebhookDeliveries, ({ db, query }) => listDeliveries(db, query));
