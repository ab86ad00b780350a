import { queryOptions } from "@tanstack/react-query";
import type { ActivityQuery } from "@/lib/activity/activity";
import { call } from "./call";
import { getActivity } from "@/lib/contracts/endpoints/customers";

/** Everything that changes an object invalidates this prefix, so its timeline shows the change at once. */
export const ACTIVITY_KEY = ["activity"] as const;

export const activityQuery = (query: ActivityQuery) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, query.kind, query.id, query.account ?? null],
    queryFn: ({ signal }) => call(getActivity, { query: { kind: query.kind, id: query.id, account: query.account }, signal }),
    // Colleagues act too: a cheap database read, re-run now and then while the page is open.
    refetchInterval: 30_000,
  });
