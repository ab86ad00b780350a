import * as webhookContracts from "@/lib/contracts/webhooks";
import { outsideRoute } from "@/server/http/route";
import { receiveVerificationWebhook } from "@/server/webhooks/receiver";

// Not behind the staff session: the sender proves itself by WEBHOOK_AUTH (body HMAC or shared-secret header).
export const POST = outsideRoute(webhookContracts.postVerificationWebhook, receiveVerificationWebhook);
