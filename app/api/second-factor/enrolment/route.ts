import { startEnrolment as startEnrolmentContract } from "@/lib/contracts/account";
import { startEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(startEnrolmentContract, ({ staff }) => startEnrolment(staff));
