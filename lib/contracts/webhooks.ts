import { z } from "@/lib/validation/zod";
import { upstreamVerificationStatusSchema } from "@/lib/schemas/card-verification";
import { pathParamSchema } from "@/lib/route-params";
import { canonicalDateTime, dateTimeProblem } from "@/lib/time/instant";
import { deliveryCursorSchema, deliveryOutcomeFilterSchema, deliveryPageSchema, reapplyResultSchema } from "@/lib/webhooks/delivery-log";
import { contract } from "./contract";

/**
 * The verification-decision webhook as both ends see it: the app's receiver validates with this
 * schema and authenticates with these headers, and the simulator builds and signs its deliveries
 * from the same module, so the two cannot drift apart. Isomorphic on purpose (Web Crypto, no
 * Node or app imports): the simulator imports contracts, never app code.
 */

/**
 * When the provider says it decided: a real calendar date-time with a zone, read as every upstream
 * date-time is (lib/time/instant.ts). Whether it is too far ahead of its receipt is the receiver's
 * question (it needs the receipt's clock), not the schema's.
 */
const decidedAtSchema = z
  .string({ error: "decided_at must be an ISO 8601 date-time with a time zone, such as 2026-11-20T10:05:00Z." })
  .superRefine((value, ctx) => {
    const problem = dateTimeProblem(value);
    if (problem === "form")
      ctx.addIssue({ code: "custom", message: "decided_at must be an ISO 8601 date-time with a time zone, such as 2026-11-20T10:05:00Z." });
    else if (problem === "range") ctx.addIssue({ code: "custom", message: "decided_at must fall between the years 0001 and 9999 (UTC)." });
  })
  .transform(canonicalDateTime);

/**
 * The one event this endpoint applies. The spec names no events and the simulator's deliveries
 * carry no type, so a body without one is read as this decision; a body that names another event
 * (a card event sent to the same URL, say) is refused, never applied as a verification decision.
 */
export const VERIFICATION_DECISION_EVENT = "card_verification.decision";

const eventName = (field: string) =>
  z
    .literal(VERIFICATION_DECISION_EVENT, {
      error: `${field} must be ${VERIFICATION_DECISION_EVENT}: this endpoint receives only card verification decisions.`,
    })
    .optional();

/** The decision event as we accept it (assumption; the spec shows no payload). */
export const verificationEventSchema = z.object({
  // First, so that another event is refused for its name rather than for a field it has no reason to carry.
  type: eventName("type"),
  event: eventName("event"),
  event_type: eventName("event_type"),
  event_id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, { message: "event_id has characters that are not allowed." }),
  customer_id: pathParamSchema,
  status: upstreamVerificationStatusSchema,
  can_create_card: z.boolean().optional(),
  decided_at: decidedAtSchema.optional(),
});
export type VerificationEventPayload = z.infer<typeof verificationEventSchema>;

/** `hmac`: `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (the default, our assumption). */
export const SIGNATURE_HEADER = "X-Webhook-Signature";
export const SIGNATURE_PREFIX = "sha256=";

export const webhookAuthModes = ["hmac", "shared-secret"] as const;

/** How a delivery proves itself: a body signature, or the secret itself in a named header (the provider's documented scheme). */
export type WebhookAuth = { mode: "hmac"; secret: string } | { mode: "shared-secret"; secret: string; header: string };

/** RFC 9110 `token`: the grammar of a header field name. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Header names a proxy or the platform sets, rewrites or strips on the way in (hop-by-hop, framing,
 * forwarding, cookies, proxy credentials) and `Authorization`, which an authenticating proxy or
 * gateway in front of the app consumes or replaces: a secret carried there would be lost or
 * overwritten, and every delivery would fail with a 401 nobody can explain.
 */
const RESERVED_HEADERS = new Set([
  "authorization",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "cookie",
  "expect",
  "forwarded",
  "host",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "set-cookie",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "via",
  "x-real-ip",
]);
const RESERVED_PREFIXES = ["x-forwarded-", "proxy-", "sec-", "x-middleware-", "next-"];

/** Why `name` cannot carry the shared secret, or null when it can. */
export function webhookHeaderNameProblem(name: string): string | null {
  if (!HEADER_NAME.test(name)) return "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~, no spaces or colons)";
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower) || RESERVED_PREFIXES.some((p) => lower.startsWith(p))) {
    return `must not be ${name}: a proxy or the platform sets or strips that header; use a dedicated one such as X-Webhook-Secret`;
  }
  if (lower === SIGNATURE_HEADER.toLowerCase()) return `must not be ${SIGNATURE_HEADER}, which carries the hmac signature`;
  return null;
}

/** A secret sent as a header value must survive as one: visible ASCII, no surrounding spaces (they are trimmed in transit). */
export function sharedSecretValueProblem(secret: string): string | null {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(secret)
    ? null
    : "must be visible ASCII without leading or trailing spaces to travel in a header with WEBHOOK_AUTH=shared-secret";
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `sha256=<hex HMAC-SHA256 of the raw body under secret>`. */
export async function hmacSignature(secret: string, rawBody: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return SIGNATURE_PREFIX + hex(await globalThis.crypto.subtle.sign("HMAC", key, encoder.encode(rawBody)));
}

/** The header that authenticates a delivery of rawBody. */
export async function webhookAuthHeaders(auth: WebhookAuth, rawBody: string): Promise<Record<string, string>> {
  if (auth.mode === "shared-secret") return { [auth.header]: auth.secret };
  return { [SIGNATURE_HEADER]: await hmacSignature(auth.secret, rawBody) };
}

/** A decision as the authenticated JSON request the receiver expects; the event is checked against the schema first. */
export async function verificationWebhookRequest(url: string, auth: WebhookAuth, event: VerificationEventPayload): Promise<Request> {
  const body = JSON.stringify(verificationEventSchema.parse(event));
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(await webhookAuthHeaders(auth, body)) },
    body,
  });
}

/** The receiver: no staff session; the sender proves itself with WEBHOOK_AUTH (server/webhooks/receiver.ts). */
export const postVerificationWebhook = contract({
  method: "POST",
  path: "/api/webhooks/card-verification",
  outside: "webhook",
  action: "webhook.verification",
  body: verificationEventSchema,
  response: z.object({ received: z.literal(true), duplicate: z.boolean(), applied: z.boolean() }),
  errors: ["invalid_signature", "malformed_event", "webhooks_not_configured"],
});

/** The delivery log, newest first, a page at a time (admins). */
export const listWebhookDeliveries = contract({
  method: "GET",
  path: "/api/v1/webhook-deliveries",
  capability: "webhooks.manage",
  action: "webhook.deliveries.read",
  query: z.object({ cursor: deliveryCursorSchema, outcome: deliveryOutcomeFilterSchema.default("all") }),
  response: deliveryPageSchema,
  errors: [],
});

/** Applies a stored, authentic delivery's decision again: audited, and once per delivery however often it is asked. */
export const reapplyWebhookDelivery = contract({
  method: "POST",
  path: "/api/v1/webhook-deliveries/[id]/reapply",
  capability: "webhooks.manage",
  action: "webhook.reapply",
  params: z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, { message: "That delivery id is not valid." }) }),
  response: reapplyResultSchema,
  errors: ["not_found", "not_reapplicable"],
});
