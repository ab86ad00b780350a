import { z } from "zod";
import { postCredit } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { simulateCredit } from "@/server/finance/credit";

// The body is validated inside, after the sandbox check: in production nothing sent is even validated.
export const POST = route({ ...postCredit, body: z.unknown() }, ({ staff, params, body, requestId }) => simulateCredit(staff, params.accountNo, body, requestId));
