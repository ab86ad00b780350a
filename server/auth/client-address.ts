import "server-only";
import { isIP } from "node:net";
import { env } from "@/server/env";

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

function header(source: HeaderSource, name: string): string | undefined {
  if (!source) return undefined;
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function normalise(candidate: string | undefined): string | null {
  const value = candidate?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return value && isIP(value) ? value.toLowerCase() : null;
}

/**
 * The client's address as far as this server can tell, used to key the per-address sign-in budget.
 *
 * A route handler under `next start` never sees the socket. Next's own server fills
 * `X-Forwarded-For` with the socket's address only when the request has none (`??=`): a header the
 * client sent is passed on untouched, not appended to. So:
 * - TRUST_PROXY=true (a proxy in front that overwrites or appends the header): the right-most entry,
 *   the one that proxy added.
 * - TRUST_PROXY=false: the header is either Next's socket address or the client's own words, and
 *   the two cannot be told apart. A single valid address is used as is (the common case, a client
 *   that sent nothing); a list or anything that is not an address shares one "unknown" budget.
 *   A client that forges one valid address picks its own budget: the per-email schedule and the
 *   process-wide limit on password checks do not depend on the address.
 */
export function clientAddress(headers: HeaderSource): string {
  const forwarded = header(headers, "x-forwarded-for");
  if (!forwarded) return "unknown";
  if (env().trustProxy) return normalise(forwarded.split(",").at(-1)) ?? "unknown";
  return forwarded.includes(",") ? "unknown" : (normalise(forwarded) ?? "unknown");
}
