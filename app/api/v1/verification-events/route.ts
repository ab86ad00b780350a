import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { listVerificationDeliveries } from "@/server/webhooks/verification-events";

export const GET = route(customerContracts.getVerificationEvents, ({ db }) => listVerificationDeliveries({ db }));
