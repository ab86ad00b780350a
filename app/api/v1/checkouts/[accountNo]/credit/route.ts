import { z } from "zod";
import { accountNoParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { simulateCredit } from "@/server/finance/credit";

// The body is validated inside, after the sandbox check: in production nothing sent is even validated.
export const POST = route(
  { capability: "credit.simulate", action: "credit.simulate", params: accountNoParams, body: z.unknown() },
  ({ staff, params, body, requestId }) => simulateCredit(staff, params.accountNo, body, requestId),
);
