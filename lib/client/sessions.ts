import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { endOtherOwnSessions, endOwnSession, listOwnSessions } from "@/lib/contracts/endpoints/account";
import { endStaffSessions } from "@/lib/contracts/endpoints/staff";

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
