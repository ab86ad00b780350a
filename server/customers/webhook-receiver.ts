import "server-only";
import { randomUUID } from "node:crypto";
import { AppError, errors } from "@/lib/errors";
import { errorResponse, json } from "@/server/bff/respond";
import { readJsonText } from "@/server/bff/request-guard";
import { log } from "@/server/log";
import { verificationEventSchema } from "@/server/webhooks/event";
import { SIGNATURE_HEADER, verifySignature } from "@/server/webhooks/signature";
import { recordVerificationEvent } from "./webhook-events";
import { webhookSecret } from "./webhook-secret";

const unsigned = () => new AppError({ status: 401, code: "invalid_signature", message: `Missing or invalid ${SIGNATURE_HEADER} header.` });

/**
 * `POST /api/webhooks/card-verification`. Outside the staff session: the signature over the raw
 * body is the authentication, checked before anything is parsed or stored. Rejections write nothing.
 */
export async function receiveVerificationWebhook(request: Request): Promise<Response> {
  const requestId = randomUUID();
  try {
    const secret = webhookSecret();
    if (!secret) {
      throw new AppError({ status: 503, code: "webhooks_not_configured", message: "Webhooks are refused: WEBHOOK_SECRET is not configured." });
    }
    const raw = await readJsonText(request);
    if (!verifySignature(secret, raw, request.headers.get(SIGNATURE_HEADER))) {
      log.warn({ requestId }, "verification webhook with a bad or missing signature refused");
      throw unsigned();
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw errors.badRequest("The body is not valid JSON.", undefined, "invalid_json");
    }
    const parsed = verificationEventSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw errors.badRequest(issue?.message ?? "Malformed event.", issue?.path.map(String).join(".") || undefined, "malformed_event");
    }
    const outcome = await recordVerificationEvent(parsed.data);
    if (!outcome.duplicate && !outcome.applied) log.info({ requestId, eventId: parsed.data.event_id }, "verification webhook older than the stored status: recorded, not applied");
    return json({ received: true, duplicate: outcome.duplicate, applied: outcome.applied }, { requestId });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
