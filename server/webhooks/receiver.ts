import "server-only";
import { verificationEventSchema, type WebhookAuth } from "@/lib/contracts/webhooks";
import { AppError, errors, isAppError } from "@/lib/errors";
import { db as openDb } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { json } from "@/server/http/json-response";
import { errorResponse } from "@/server/http/respond";
import { parseJsonText, readJsonText } from "@/server/http/request-guard";
import { log } from "@/server/log";
import { countWebhookDelivery } from "@/server/observability/business-events";
import { requestIdForTrace } from "@/server/observability/tracing";
import { credentialHeader, isAuthenticDelivery } from "./authentication";
import { webhookAuth } from "./secret";
import { recordVerificationEvent } from "./verification-events";

/**
 * A `POST /api/webhooks/card-verification` handler for one way of authenticating. Outside the
 * staff session: the credential (body signature or shared secret) is checked on the raw body
 * before anything is parsed or stored, and a rejection writes nothing. Logs carry the request id,
 * the scheme and the header's name — never a header's value. Being outside route(), it opens the
 * database itself (`openDb`), as route() would, once the delivery is authentic and parsed.
 */
export function verificationWebhookReceiver({
  authFor,
  openDb,
  clock = () => new Date(),
}: {
  authFor: () => WebhookAuth | null;
  openDb: () => Promise<Db>;
  clock?: () => Date;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = requestIdForTrace();
    // The receipt is when the request arrived, before its body was read: decided_at is bounded by it.
    const receivedAt = clock();
    try {
      const auth = authFor();
      if (!auth) {
        throw new AppError({
          status: 503,
          code: "webhooks_not_configured",
          message: "Webhooks are refused: WEBHOOK_SECRET is not configured.",
        });
      }
      // The signature is over the exact bytes, so the text is read raw, then parsed by the shared reader.
      // (Not a clone of the request: cancelling one branch of a teed body waits for the other, so an
      // oversized body would hang the request.)
      const raw = await readJsonText(request);
      if (!isAuthenticDelivery(auth, raw, request.headers)) {
        const header = credentialHeader(auth);
        log.warn({ requestId, scheme: auth.mode, header }, "verification webhook with a bad or missing credential refused");
        throw new AppError({ status: 401, code: "invalid_signature", message: `Missing or invalid ${header} header.` });
      }
      const parsed = verificationEventSchema.safeParse(parseJsonText(raw));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw errors.badRequest(issue?.message ?? "Malformed event.", issue?.path.map(String).join(".") || undefined, "malformed_event");
      }
      const outcome = await recordVerificationEvent({ db: await openDb(), input: parsed.data, receivedAt });
      if (!outcome.duplicate && !outcome.applied)
        log.info({ requestId, eventId: parsed.data.event_id }, "verification webhook older than the stored status: recorded, not applied");
      countWebhookDelivery(outcome.duplicate ? "duplicate" : outcome.applied ? "applied" : "stale");
      return json({ received: true, duplicate: outcome.duplicate, applied: outcome.applied }, { requestId });
    } catch (error) {
      countWebhookDelivery(isAppError(error) ? error.code : "error");
      // An authentic sender with an impossible or far-ahead clock: the operator has to hear of it.
      if (isAppError(error) && error.field === "decided_at")
        log.warn({ requestId }, "verification webhook refused: decided_at impossible or too far ahead of its receipt");
      return errorResponse(error, requestId);
    }
  };
}

/** The receiver under the configured scheme (WEBHOOK_AUTH). */
export const receiveVerificationWebhook = verificationWebhookReceiver({ authFor: webhookAuth, openDb });
