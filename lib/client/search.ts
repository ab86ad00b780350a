import { queryOptions } from "@tanstack/react-query";
import { getSearch } from "@/lib/contracts/customers";
import { call } from "./call";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ["search", q],
    queryFn: ({ signal }) => call(getSearch, { query: { q }, signal }),
    staleTime: 10_000,
  });
