import "server-only";
import { randomUUID } from "node:crypto";
import { GUARD_ERRORS } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import { errorResponse } from "./respond";

// next-auth copies some inputs into a Location header unencoded (the `error` of /api/auth/error,
// from the query or the path), where a newline or a non-ASCII character makes the response throw: 500.
const PRINTABLE = /^[\x20-\x7e]*$/;
const ERROR_CODE = /^[A-Za-z]{1,40}$/;

/** A 400 naming the field for input next-auth would choke on; null when the request may go on. */
export function refuseHostileAuthInput(request: Request, segments: string[] | undefined): Response | null {
  const url = new URL(request.url);
  const bad = (field: string) =>
    errorResponse(fail(GUARD_ERRORS, "invalid_request", `The ${field} is not valid.`, { field }), randomUUID());
  for (const segment of segments ?? []) if (!PRINTABLE.test(segment)) return bad("path");
  for (const [name, value] of url.searchParams)
    if (!PRINTABLE.test(name) || !PRINTABLE.test(value)) return bad(PRINTABLE.test(name) && name.length <= 40 ? name : "query");
  if (segments?.[0] === "error") {
    const code = url.searchParams.get("error") ?? segments[1];
    if (code !== undefined && !ERROR_CODE.test(code)) return bad("error");
  }
  return null;
}
