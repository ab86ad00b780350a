import { confirmEnrolment as confirmEnrolmentContract } from "@/lib/contracts/account";
import { confirmEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(confirmEnrolmentContract, ({ staff, body }) => confirmEnrolment(staff, body.code));
