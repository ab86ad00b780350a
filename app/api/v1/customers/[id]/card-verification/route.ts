import { getCardVerification, postCardVerification } from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { openCustomer } from "@/server/customers/opened";
import { submitVerification } from "@/server/customers/verification-submit";

export const GET = route(getCardVerification, ({ params, query, staff, requestId }) =>
  openCustomer(params.id, query.refresh === "1", staff, requestId),
);

export const POST = route(postCardVerification, ({ params, staff, requestId }) => submitVerification(params.id, staff, requestId));
