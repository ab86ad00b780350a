import { verifySecondFactor } from "@/lib/contracts/account";
import { passSignInSecondFactor } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(verifySecondFactor, ({ staff, body }) => passSignInSecondFactor(staff, body.code));
