import * as accountContracts from "@/lib/contracts/account";
import { clientAddress } from "@/server/auth/client-address";
import { confirmEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(accountContracts.confirmEnrolment, ({ db, staff, body, requestId, request }) =>
  confirmEnrolment({ db, actor: staff, input: body, requestId, address: clientAddress(request.headers) }),
);
