import { queryOptions } from "@tanstack/react-query";
import { activityListSchema, activityPath, type ActivityQuery } from "../activity/activity";
import { bffFetch } from "../client/fetcher";

/** Everything that changes an object invalidates this prefix, so its timeline shows the change at once. */
export const ACTIVITY_KEY = ["activity"] as const;

export const activityQuery = (query: ActivityQuery) =>
  queryOptions({
    queryKey: [...ACTIVITY_KEY, query.kind, query.id, query.account ?? null],
    queryFn: ({ signal }) => bffFetch(activityPath(query), activityListSchema, { signal }),
    // Colleagues act too: a cheap database read, re-run now and then while the page is open.
    refetchInterval: 30_000,
  });
