import { emptyBodySchema, refreshQuerySchema } from "@/lib/customers/verification-view";
import { idParams } from "@/lib/route-params";
import { legacyRoute as route } from "@/server/http/legacy-route";
import { parseOrThrow } from "@/server/http/validate";
import { readVerification } from "@/server/customers/verification-check";
import { submitVerification } from "@/server/customers/verification-submit";

/** The stored, shared state; `?refresh=1` asks for an upstream check if the shared minute has passed. */
export const GET = route({ capability: "verification.read", action: "verification.read", params: idParams }, ({ params, request, staff, requestId }) => {
  const query = parseOrThrow(refreshQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  return readVerification(params.id, query.refresh === "1", { actor: staff, requestId });
});

export const POST = route(
  { capability: "verification.submit", action: "verification.submit", params: idParams, body: emptyBodySchema },
  ({ params, staff, requestId }) => submitVerification(params.id, staff, requestId),
);
