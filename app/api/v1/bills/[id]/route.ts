import { idParams } from "@/lib/route-params";
import { route } from "@/server/bff/route";
import { readBill } from "@/server/finance/bills";

/** The bill with its token withheld; the token needs the audited POST …/token. */
export const GET = route({ capability: "finance.read", action: "bill.read", params: idParams }, ({ staff, params }) => readBill(staff, params.id));
