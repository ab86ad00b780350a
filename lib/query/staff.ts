import { queryOptions } from "@tanstack/react-query";
import { createdStaffSchema, staffListSchema, staffMemberSchema, type CreateStaffInput, type UpdateStaffInput } from "../schemas/staff";
import { bffFetch } from "../client/fetcher";

export const staffListQuery = () =>
  queryOptions({
    queryKey: ["staff"],
    queryFn: ({ signal }) => bffFetch("/api/staff", staffListSchema, { signal }),
  });

// A generated password comes back in the create answer only: it never enters the query cache.
export const staffApi = {
  create: (input: CreateStaffInput) => bffFetch("/api/staff", createdStaffSchema, { method: "POST", body: input }),
  update: (id: string, change: UpdateStaffInput) => bffFetch(`/api/staff/${encodeURIComponent(id)}`, staffMemberSchema, { method: "PATCH", body: change }),
};
