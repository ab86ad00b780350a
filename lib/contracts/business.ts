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
