import { postBvnLookup, postBvnRecent, postBvnReveal } from "@/lib/contracts/endpoints/compliance";
import type * as complianceContracts from "@/lib/contracts/compliance";
import type { BodyInput } from "@/lib/contracts/contract";
import { call } from "./call";

// The BVN only ever travels in a POST body: never in a URL, a query key or browser storage.
export const bvnApi = {
  recent: (number: string) => call(postBvnRecent, { body: { number } }),
  lookup: (input: BodyInput<typeof complianceContracts.postBvnLookup>) => call(postBvnLookup, { body: input }),
  reveal: (lookupId: string) => call(postBvnReveal, { params: { id: lookupId } }),
};
