import { z } from "zod";
import { roles } from "@/lib/permissions";
import { businessSchema } from "@/lib/schemas";
import { contract } from "./contract";
import { UPSTREAM_ERRORS } from "./errors";

/** The business profile, read through the upstream on every call. */
export const getBusiness = contract({
  method: "GET",
  path: "/api/v1/business",
  capability: "business.read",
  action: "business.read",
  response: businessSchema,
  errors: UPSTREAM_ERRORS,
});

/** The signed-in staff member; no upstream call (the benchmark uses it as the session-checked route). */
export const getMe = contract({
  method: "GET",
  path: "/api/me",
  capability: "business.read",
  action: "session.read",
  // timeZone: the member's saved IANA zone; null follows the browser's.
  response: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(roles), timeZone: z.string().nullable() }),
  errors: [],
});
