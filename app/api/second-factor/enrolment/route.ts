import * as accountContracts from "@/lib/contracts/account";
import { startEnrolment } from "@/server/auth/second-factor";
import { route } from "@/server/http/route";

export const POST = route(accountContracts.startEnrolment, ({ db, staff }) => startEnrolment({ db, actor: staff }));
