import {
  bvnLookupResultSchema,
  bvnRecentLookupsSchema,
  bvnRevealResultSchema,
  type BvnLookupRequest,
} from "../schemas/bvn";
import { bffFetch } from "../client/fetcher";

// The BVN only ever travels in a POST body: never in a URL, a query key or browser storage.
export const bvnApi = {
  recent: (number: string) => bffFetch("/api/v1/identity/bvn/recent", bvnRecentLookupsSchema, { method: "POST", body: { number } }),
  lookup: (input: BvnLookupRequest) => bffFetch("/api/v1/identity/bvn", bvnLookupResultSchema, { method: "POST", body: input }),
  reveal: (lookupId: string) =>
    bffFetch(`/api/v1/identity/bvn/lookups/${encodeURIComponent(lookupId)}/reveal`, bvnRevealResultSchema, { method: "POST" }),
};
