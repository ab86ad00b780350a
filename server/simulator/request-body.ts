import "server-only";
import type { z } from "@/lib/validation/zod";
import { fail } from "./respond";

/** Larger than any legitimate body of this API; a client sending more has a bug. */
const MAX_BODY_BYTES = 64 * 1024;

async function readText(request: Request): Promise<string> {
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) {
    throw fail.general(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`, {});
  }
  return text;
}

/** For operations the spec says take no body (`POST /auth`, `POST .../card-verification`): any body is refused. */
export async function requireNoBody(request: Request): Promise<void> {
  const text = await readText(request);
  if (text.length > 0) {
    throw fail.general(400, "This endpoint takes no request body.", { body: "Send the request without a body." });
  }
}

/**
 * Parses a JSON body and validates it; the 400 names each offending field in `values`
 * (`{ "sender.bank_code": "Expected a string." }`) the way a strict API would.
 */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(contentType.trim())) {
    throw fail.general(400, "Send the request body as application/json.", { "content-type": "Expected application/json." });
  }
  const text = await readText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail.general(400, "The request body is not valid JSON.", { body: "Expected a JSON object." });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const values: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const keys =
        issue.code === "unrecognized_keys" ? issue.keys.map((k) => [...issue.path, k].join(".")) : [issue.path.join(".") || "body"];
      for (const key of keys) values[key] ??= issue.message;
    }
    throw fail.general(400, "The request body is invalid.", values);
  }
  return parsed.data;
}
