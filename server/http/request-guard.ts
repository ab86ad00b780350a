import "server-only";
import { echoedName } from "@/server/validate";
import { duplicateKeyIn } from "./json-duplicate-keys";
import { GUARD_ERRORS, PAYLOAD_TOO_LARGE_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import type { AppError } from "@/lib/errors";
import { env } from "@/server/env";

export const MAX_BODY_BYTES = 16 * 1024;

/**
 * State-changing requests must come from our own pages: a browser sends Sec-Fetch-Site on every
 * request, and Origin on every POST; `Origin: null` (sandboxed frames, some redirects) is cross-site.
 * The Origin is compared with the Host the client connected to; X-Forwarded-Host/-Proto only count
 * with TRUST_PROXY=true, because without a proxy that overwrites them any client can forge them
 * to match a hostile Origin.
 */
export function assertSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = request.headers.get("origin");
  if (origin === null) {
    if (!site) throw crossSite();
    return;
  }
  if (origin === "null") throw crossSite();
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw crossSite();
  }
  const { host, proto } = servedAs(request);
  if (!host || parsed.host.toLowerCase() !== host.toLowerCase()) throw crossSite();
  if (proto && parsed.protocol !== `${proto}:`) throw crossSite();
}

/** The host (and, behind a trusted proxy, the scheme) the browser believes it is talking to. */
function servedAs(request: Request): { host: string | null; proto: string | null } {
  const direct = request.headers.get("host");
  if (!env().trustProxy) return { host: direct, proto: null };
  // A proxy that appends rather than replaces leaves the client's value first: the last one is our proxy's.
  const last = (name: string) => request.headers.get(name)?.split(",").pop()?.trim() || null;
  return { host: last("x-forwarded-host") ?? direct, proto: last("x-forwarded-proto")?.toLowerCase() ?? null };
}

function crossSite(): AppError {
  return fail(GUARD_ERRORS, "cross_site_request", "This request did not come from the back-office itself and was refused.");
}

/** Reads a JSON body of at most 16 KB; anything else is refused before parsing. */
export async function readJsonBody(request: Request): Promise<unknown> {
  return parseJsonText(await readJsonText(request));
}

/**
 * The one reading of a JSON body's text (an empty body is `{}`); 400 when it is not JSON. One leading
 * byte order mark is dropped first (RFC 8259 §8.1 lets a parser ignore it, and JSON.parse refuses it),
 * as the upstream's answers are read (server/upstream/json-body.ts). Only the reading drops it: a
 * webhook's signature is checked over the raw text, mark included (server/webhooks/receiver.ts).
 * A body naming a key twice in one object is refused too (duplicateKeyIn), naming it.
 */
export function parseJsonText(raw: string): unknown {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(GUARD_ERRORS, "invalid_json", "The request body is not valid JSON.");
  }
  const found = duplicateKeyIn(text);
  if (found !== null) {
    const twice = echoedName(found);
    throw fail(GUARD_ERRORS, "invalid_json", `${twice} is given twice in the request body.`, { field: twice });
  }
  return parsed;
}

/** The raw text of a JSON body of at most 16 KB (webhooks need the exact bytes to check a signature). */
export async function readJsonText(request: Request): Promise<string> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw fail(GUARD_ERRORS, "unsupported_media_type", UNSUPPORTED_MEDIA_TYPE_MESSAGE);
  // JSON is UTF-8 (RFC 8259 §8.1): a body declared in another charset would be read as the wrong text.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type)?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset))
    throw fail(GUARD_ERRORS, "unsupported_media_type", `${UNSUPPORTED_MEDIA_TYPE_MESSAGE} JSON is read as UTF-8, not ${charset}.`);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw fail(GUARD_ERRORS, "payload_too_large", PAYLOAD_TOO_LARGE_MESSAGE);
  return readLimited(request, MAX_BODY_BYTES);
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw fail(GUARD_ERRORS, "payload_too_large", PAYLOAD_TOO_LARGE_MESSAGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
