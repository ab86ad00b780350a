import { confirmEnrolment as confirmEnrolmentContract } from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { confirmEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(confirmEnrolmentContract, ({ staff, body, requestId, request }) =>
  confirmEnrolment(staff, { ...body, requestId, address: clientAddress(request.headers) }),
);
