import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { readBill } from "@/server/finance/bills";

/** The bill with its token withheld; the token needs the audited POST …/token. */
export const GET = route({ capability: "finance.read", action: "bill.read", params: idParams }, ({ staff, params }) => readBill(staff, params.id));
