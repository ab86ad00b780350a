import * as customerContracts from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { listVerificationDeliveries } from "@/server/webhooks/verification-events";

const get = route(customerContracts.getVerificationEvents, ({ db }) => listVerificationDeliveries({ db }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
