import { receiveVerificationWebhook } from "@/server/customers/webhook-receiver";

// Not behind the staff session: the sender proves itself with the body's HMAC signature.
export const POST = receiveVerificationWebhook;
