import { queryOptions } from "@tanstack/react-query";
import { endedSessionsSchema, sessionListSchema } from "../schemas/sessions";
import { bffFetch } from "../client/fetcher";

export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: ["account", "sessions"],
    queryFn: ({ signal }) => bffFetch("/api/account/sessions", sessionListSchema, { signal }),
  });

export const sessionsApi = {
  endOwn: (sessionId: string) => bffFetch(`/api/account/sessions/${encodeURIComponent(sessionId)}/end`, endedSessionsSchema, { method: "POST" }),
  endAllOf: (staffId: string) => bffFetch(`/api/staff/${encodeURIComponent(staffId)}/sessions/end`, endedSessionsSchema, { method: "POST" }),
};
