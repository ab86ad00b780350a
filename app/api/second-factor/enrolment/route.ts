import { z } from "zod";
import { startEnrolment } from "@/server/auth/second-factor";
import { secondFactorRoute } from "@/server/auth/second-factor-route";

// Reachable by a session that must enrol before anything else, and by a usable session from /account/security.
export const POST = secondFactorRoute({ stages: ["enrol", "usable"], body: z.object({}) }, ({ staff }) => startEnrolment(staff));
