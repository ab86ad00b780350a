import { secondFactorCodeSchema } from "@/lib/schemas/second-factor";
import { confirmEnrolment } from "@/server/auth/second-factor";
import { secondFactorRoute } from "@/server/auth/second-factor-route";

export const POST = secondFactorRoute({ stages: ["enrol", "usable"], body: secondFactorCodeSchema }, ({ staff, body }) => confirmEnrolment(staff, body.code));
