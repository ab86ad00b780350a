import "server-only";
import { param, type Handler } from "@/server/simulator/context";
import { ApiFailure, generalError, json } from "@/server/simulator/respond";
import { requireNoBody } from "@/server/simulator/request-body";
import {
  assertKycComplete,
  assertNotBlocked,
  assertServiceAvailable,
  assertVerificationApplies,
  requireCustomer,
  verificationBody,
} from "@/server/simulator/verification";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `GET /customers/{id}/card-verification`: once per interval per customer, shared by every caller
 * (Limits 1). A check that reached the verification service counts, even if it answered 503.
 */
export const getCardVerification: Handler = (ctx) => {
  const customer = requireCustomer(ctx.state, param(ctx, "id"), ctx.businessId);
  const now = ctx.now();
  const last = ctx.state.lastVerificationCheck.get(customer.id);
  const interval = ctx.config.verificationCheckIntervalMs;
  if (last !== undefined && now - last < interval) {
    const retryAfter = Math.max(1, Math.ceil((last + interval - now) / 1000));
    return generalError(
      429,
      "The verification status of this customer was checked less than a minute ago. Wait before checking again, or rely on the verification decision webhook.",
      { retry_after_seconds: retryAfter },
      { ...NO_STORE, "Retry-After": String(retryAfter) },
    );
  }
  ctx.state.lastVerificationCheck.set(customer.id, now);
  assertServiceAvailable(customer);
  return json(200, verificationBody(customer), NO_STORE);
};

/**
 * `POST /customers/{id}/card-verification`: no body (Limits 2). Starts a verification only from
 * NOT_SUBMITTED with complete KYC (202); reuses a pending (202) or unchanged approved (200) one.
 * It never creates a card (rule 1).
 */
export const postCardVerification: Handler = async (ctx) => {
  await requireNoBody(ctx.request);
  const customer = requireCustomer(ctx.state, param(ctx, "id"), ctx.businessId);
  assertServiceAvailable(customer);
  assertVerificationApplies(customer);
  assertNotBlocked(customer);
  switch (customer.verification.status) {
    case "PENDING":
      return json(202, verificationBody(customer));
    case "APPROVED":
      return json(200, verificationBody(customer));
    case "NOT_SUBMITTED":
      assertKycComplete(customer);
      ctx.verification.start(customer);
      return json(202, verificationBody(customer));
    default:
      throw new ApiFailure(generalError(500, "Unexpected verification state.", { status: customer.verification.status }));
  }
};
