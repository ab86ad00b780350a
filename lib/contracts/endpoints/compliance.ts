import type * as compliance from "@/lib/contracts/compliance";
import { endpoint } from "./endpoint";

export const postBvnLookup = endpoint<typeof compliance.postBvnLookup>({ method: "POST", path: "/api/v1/identity/bvn" });
export const postBvnRecent = endpoint<typeof compliance.postBvnRecent>({ method: "POST", path: "/api/v1/identity/bvn/recent" });
export const postBvnReveal = endpoint<typeof compliance.postBvnReveal>({
  method: "POST",
  path: "/api/v1/identity/bvn/lookups/[id]/reveal",
});
