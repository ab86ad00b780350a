import * as webhookContracts from "@/lib/contracts/webhooks";
import { outsideRoute } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { receiveVerificationWebhook } from "@/server/webhooks/receiver";

// Not behind the staff session: the sender proves itself by WEBHOOK_AUTH (body HMAC or shared-secret header).
const post = outsideRoute(webhookContracts.postVerificationWebhook, receiveVerificationWebhook);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
