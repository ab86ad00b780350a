import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { endOtherOwnSessions, endOwnSession, endStaffSessions, listOwnSessions } from "@/lib/contracts/endpoints";

export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: ["account", "sessions"],
    queryFn: ({ signal }) => call(listOwnSessions, { signal }),
  });

export const sessionsApi = {
  endOwn: (sessionId: string) => call(endOwnSession, { params: { id: sessionId } }),
  endOthers: () => call(endOtherOwnSessions, {}),
  endAllOf: (staffId: string) => call(endStaffSessions, { params: { id: staffId } }),
};
