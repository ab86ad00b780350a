import { route } from "@/server/bff/route";
import { listVerificationDeliveries } from "@/server/webhooks/verification-events";

export const GET = route({ capability: "verification.read", action: "verification.events.read" }, () => listVerificationDeliveries());
