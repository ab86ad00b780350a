import "server-only";
import { fail } from "@/lib/contracts/fail";
import { postVerificationWebhook } from "@/lib/contracts/webhooks";
import { verificationEventSchema, type WebhookAuth } from "@/lib/contracts/webhooks";
import { isAppError } from "@/lib/errors";
import { db as openDatabase } from "@/server/db/client";
import type { Db } from "@/server/db/types";
import { json } from "@/server/http/json-response";
import { errorResponse } from "@/server/http/respond";
import { parseJsonText, readJsonText } from "@/server/http/request-guard";
import { log } from "@/server/log";
import { countWebhookDelivery } from "@/server/observability/business-events";
import { requestIdForTrace } from "@/server/observability/tracing";
import { credentialHeader, isAuthenticDelivery } from "./authentication";
import { webhookAuth } from "./secret";
import { recordDelivery, type DeliveryRecord } from "./delivery-log";
import { recordVerificationEvent } from "./verification-events";

/**
 * A `POST /api/webhooks/card-verification` handler for one way of authenticating. Outside the
 * staff session: the credential (body signature or shared secret) is checked on the raw body
 * before anything is parsed or stored, and a rejection changes no verification state: it is only
 * written to the delivery log (its outcome and size; the body only when authentic, masked, see
 * delivery-log.ts). Logs carry the request id, the scheme and the header's name — never a header's
 * value. Being outside route(), it opens the database through the opener it is given, as route() would.
 */
export function verificationWebhookReceiver({
  authFor,
  openDb,
  clock,
}: {
  authFor: () => WebhookAuth | null;
  openDb: () => Promise<Db>;
  /** Pins the receipt (tests of exact bounds). By default it is the database's clock, never this instance's. */
  clock?: () => Date;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = requestIdForTrace();
    // decided_at is bounded by the receipt, and the decision ordered against checks made on other
    // instances: so the receipt is the database's now() as the delivery is stored (see
    // recordVerificationEvent), not this instance's clock, which may be minutes away from theirs.
    // Undefined, the delivery log's row takes the database's now() too.
    let receivedAt = clock?.();
    // What the delivery log keeps of this delivery, filled in as far as the checks get.
    const logged: Pick<DeliveryRecord, "event" | "body" | "payloadBytes"> = {
      payloadBytes: Number(request.headers.get("content-length")) || 0,
    };
    try {
      const auth = authFor();
      if (!auth) {
        throw fail(postVerificationWebhook, "webhooks_not_configured", "Webhooks are refused: WEBHOOK_SECRET is not configured.");
      }
      // The signature is over the exact bytes, so the text is read raw, then parsed by the shared reader.
      // (Not a clone of the request: cancelling one branch of a teed body waits for the other, so an
      // oversized body would hang the request.)
      const raw = await readJsonText(request);
      logged.payloadBytes = Buffer.byteLength(raw, "utf8");
      if (!isAuthenticDelivery(auth, raw, request.headers)) {
        const header = credentialHeader(auth);
        log.warn({ requestId, scheme: auth.mode, header }, "verification webhook with a bad or missing credential refused");
        throw fail(postVerificationWebhook, "invalid_signature", `Missing or invalid ${header} header.`);
      }
      // Authentic from here on: the body may be kept, masked, in the delivery log.
      logged.body = parseJsonText(raw);
      const parsed = verificationEventSchema.safeParse(logged.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw fail(postVerificationWebhook, "malformed_event", issue?.message ?? "Malformed event.", {
          field: issue?.path.map(String).join(".") || undefined,
        });
      }
      logged.event = parsed.data;
      const outcome = await recordVerificationEvent({ db: await openDb(), input: parsed.data, receivedAt });
      receivedAt = outcome.receivedAt;
      const { result } = outcome;
      if (result === "stale")
        log.info({ requestId, eventId: parsed.data.event_id }, "verification webhook older than the stored status: recorded, not applied");
      if (result === "unknown_customer")
        log.warn(
          { requestId, eventId: parsed.data.event_id },
          "verification webhook for a customer the payments API answered not found: recorded, not applied",
        );
      countWebhookDelivery(result);
      await recordDelivery({ receivedAt, requestId, outcome: result, ...logged }, openDb);
      return json({ received: true, duplicate: result === "duplicate", applied: result === "applied" }, { requestId });
    } catch (error) {
      countWebhookDelivery(isAppError(error) ? error.code : "error");
      // An authentic sender with an impossible or far-ahead clock: the operator has to hear of it.
      if (isAppError(error) && error.field === "decided_at")
        log.warn({ requestId }, "verification webhook refused: decided_at impossible or too far ahead of its receipt");
      await recordDelivery({ receivedAt, requestId, ...logged, ...classify(error) }, openDb);
      return errorResponse(error, requestId);
    }
  };
}

/**
 * A refusal in the log's words: signature, size, shape (not JSON, not the event's shape, an
 * impossible decided_at) or not configured. Anything else is a failure on our side: the event, if
 * it was read, stays in the log and can be re-applied.
 */
function classify(error: unknown): Pick<DeliveryRecord, "outcome" | "refusal" | "refusalDetail"> {
  if (!isAppError(error)) return { outcome: "failed", refusalDetail: "The back-office could not store the decision." };
  const detail = error.field ? `${error.field}: ${error.message}` : error.message;
  switch (error.code) {
    case "invalid_signature":
      return { outcome: "refused", refusal: "signature", refusalDetail: error.message };
    case "payload_too_large":
      return { outcome: "refused", refusal: "size", refusalDetail: error.message };
    case "webhooks_not_configured":
      return { outcome: "refused", refusal: "not_configured", refusalDetail: error.message };
    case "malformed_event":
    case "invalid_json":
    case "unsupported_media_type":
    case "invalid_request":
      return { outcome: "refused", refusal: "shape", refusalDetail: detail };
    default:
      return { outcome: "failed", refusalDetail: detail };
  }
}

/** The receiver under the configured scheme (WEBHOOK_AUTH). */
export const receiveVerificationWebhook = verificationWebhookReceiver({ authFor: webhookAuth, openDb: openDatabase });
