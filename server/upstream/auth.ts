import "server-only";
import { isAppError } from "@/lib/errors";
import { accessTokenResponseSchema } from "@/lib/schemas";
import { upstreamErrors } from "./error-mapping";
import { parseJsonBody } from "./json-body";
import { DeadlineExceeded, type Transport, type WholeResponse } from "./transport";
import { expiryFromResponse, type AcquiredToken } from "./token-cache";

export type Credentials = { businessId: string; secretKey: string };

/** `POST /auth` with HTTP Basic built from the business id and secret key; bounded by its own deadline. */
export async function acquireToken(options: {
  baseUrl: string;
  transport: Transport;
  credentials: Credentials;
  timeoutMs: number;
  now?: () => number;
}): Promise<AcquiredToken> {
  const now = options.now ?? Date.now;
  const basic = Buffer.from(`${options.credentials.businessId}:${options.credentials.secretKey}`, "utf8").toString("base64");
  // The token cannot have been issued before it was asked for: its lifetime counts from here.
  const askedAt = now();
  let response: WholeResponse;
  try {
    response = await options.transport.whole({
      method: "POST",
      url: `${options.baseUrl}/auth`,
      headers: { authorization: `Basic ${basic}`, accept: "application/json" },
      deadlineAt: Date.now() + options.timeoutMs,
    });
  } catch (error) {
    if (error instanceof DeadlineExceeded) throw upstreamErrors.timeout();
    if (isAppError(error)) throw error;
    throw upstreamErrors.unreachable(error);
  }
  if (response.status === 401 || response.status === 403) throw upstreamErrors.authFailed();
  if (response.status < 200 || response.status >= 300)
    throw upstreamErrors.unreachable(new Error(`POST /auth answered ${response.status}`));
  const json = parseJsonBody(response.body);
  if (!json.ok) throw upstreamErrors.invalidResponse();
  const parsed = accessTokenResponseSchema.safeParse(json.value);
  if (!parsed.success) throw upstreamErrors.invalidResponse();
  const { expires_at, issued_at } = parsed.data.token ?? {};
  return { accessToken: parsed.data.access_token, expiresAtMs: expiryFromResponse(expires_at, askedAt, issued_at) };
}
