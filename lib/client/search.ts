import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { getSearch } from "@/lib/contracts/endpoints/customers";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ["search", q],
    queryFn: ({ signal }) => call(getSearch, { query: { q }, signal }),
    staleTime: 10_000,
  });
