import "server-only";
import type { Handler } from "@/server/simulator/context";
import { generalError, json } from "@/server/simulator/respond";
import { requireNoBody } from "@/server/simulator/request-body";
import { basicMatches } from "@/server/simulator/token";

/** `POST /auth`: HTTP Basic of `businessId:secretKey`, no body; answers a JWT and its lifetime in unix seconds. */
export const postAuth: Handler = async (ctx) => {
  if (!basicMatches(ctx.request.headers.get("authorization"), ctx.config.credentials)) {
    return generalError(401, "Invalid business credentials.", {}, { "WWW-Authenticate": 'Basic realm="Business Payments API"' });
  }
  await requireNoBody(ctx.request);
  const token = await ctx.tokens.issue(ctx.config.credentials.businessId);
  return json(200, {
    access_token: token.accessToken,
    token: { expires_at: token.expiresAt, issued_at: token.issuedAt, type: "Bearer" },
  });
};
