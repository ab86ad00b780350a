import { legacyRoute as route } from "@/server/http/legacy-route";
import { listVerificationDeliveries } from "@/server/webhooks/verification-events";

export const GET = route({ capability: "verification.read", action: "verification.events.read" }, () => listVerificationDeliveries());
