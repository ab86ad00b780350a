import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { revealBillToken } from "@/server/finance/bills";

/** Reveals a bill's token (prepaid token or PIN); a POST because it writes an audit entry. */
export const POST = route({ capability: "finance.read", action: "bill.token.reveal", params: idParams }, ({ staff, params, requestId }) =>
  revealBillToken(staff, params.id, requestId),
);
