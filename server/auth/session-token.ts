import "server-only";
import { decode, type JWTDecodeParams } from "next-auth/jwt";

/**
 * next-auth's cookie is a compact JWE: five base64url parts. Node's base64url decoder skips any other
 * character, so without this check a cookie with a stray `%00` or space inside still decrypted.
 */
const COMPACT_JWE = /^[\w-]+(?:\.[\w-]*){4}$/;

/**
 * next-auth's own `decode`, for exactly the tokens it issues: anything else is no session. Both
 * readers use it, the session check of every page and route and next-auth's own endpoints.
 */
export function decodeSessionToken(params: JWTDecodeParams) {
  return params.token && COMPACT_JWE.test(params.token) ? decode(params) : Promise.resolve(null);
}
