import { queryOptions } from "@tanstack/react-query";
import { createStaff, listStaff, updateStaff } from "@/lib/contracts/endpoints/staff";
import type { CreateStaffInput, UpdateStaffInput } from "@/lib/contracts/staff";
import { call } from "./call";

export const staffListQuery = () =>
  queryOptions({
    queryKey: ["staff"],
    queryFn: ({ signal }) => call(listStaff, { signal }),
  });

// A generated password comes back in the create answer only: it never enters the query cache.
export const staffApi = {
  create: (input: CreateStaffInput) => call(createStaff, { body: input }),
  update: (id: string, change: UpdateStaffInput) => call(updateStaff, { params: { id }, body: change }),
};
