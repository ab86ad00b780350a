import "server-only";
import { accessTokenResponseSchema } from "@/lib/schemas";
import { upstreamErrors } from "./error-mapping";
import type { Transport } from "./http";
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
  let timer: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(upstreamErrors.timeout());
    }, options.timeoutMs);
  });
  try {
    const response = await Promise.race([
      options.transport({ method: "POST", url: `${options.baseUrl}/auth`, headers: { authorization: `Basic ${basic}`, accept: "application/json" }, signal: controller.signal }),
      timeout,
    ]).catch((error: unknown) => {
      if (error instanceof Error && error.name === "AppError") throw error;
      throw upstreamErrors.unreachable(error);
    });
    if (response.status === 401 || response.status === 403) {
      response.discard();
      throw upstreamErrors.authFailed();
    }
    if (response.status < 200 || response.status >= 300) {
      response.discard();
      throw upstreamErrors.unreachable(new Error(`POST /auth answered ${response.status}`));
    }
    const text = await Promise.race([response.text(), timeout]);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw upstreamErrors.invalidResponse();
    }
    const parsed = accessTokenResponseSchema.safeParse(json);
    if (!parsed.success) throw upstreamErrors.invalidResponse();
    return { accessToken: parsed.data.access_token, expiresAtMs: expiryFromResponse(parsed.data.token?.expires_at, now()) };
  } finally {
    clearTimeout(timer);
  }
}
