import { getVerificationEvents } from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { listVerificationDeliveries } from "@/server/webhooks/verification-events";

export const GET = route(getVerificationEvents, () => listVerificationDeliveries());
