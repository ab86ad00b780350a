import { getCardVerification, postCardVerification } from "@/lib/contracts/customers";
import { route } from "@/server/http/route";
import { readVerification } from "@/server/customers/verification-check";
import { submitVerification } from "@/server/customers/verification-submit";

export const GET = route(getCardVerification, ({ params, query, staff, requestId }) =>
  readVerification(params.id, query.refresh === "1", { actor: staff, requestId }),
);

export const POST = route(postCardVerification, ({ params, staff, requestId }) => submitVerification(params.id, staff, requestId));
