/**
 * How an audit entry names what it is about, in one place: the readers (server/audit/activity.ts,
 * server/home/finance-home.ts, lib/audit/target-link.ts) match these forms, and entries already
 * written keep them, so they are not to be changed. A refusal by role names the request path
 * instead (server/http/route.ts).
 */
export const auditTarget = {
  /** Customer actions name the bare customer id. */
  customer: (customerId: string) => customerId,
  /** Everything else with an id: `staff:<email>`, `bill:<id>`, `card:<id>`, `session:<id>`, `bvn:<masked>`, `bvn-lookup:<id>`, `collection_account:<no>`. */
  object: (kind: "staff" | "bill" | "card" | "session" | "bvn" | "bvn-lookup" | "collection_account", id: string) => `${kind}:${id}`,
  /** A refused read of an object's timeline. */
  activity: (kind: string, id: string) => `activity:${kind}:${id}`,
};
