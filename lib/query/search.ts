import { queryOptions } from "@tanstack/react-query";
import { searchResponseSchema } from "@/lib/search/results";
import { bffFetch } from "../client/fetcher";

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ["search", q],
    queryFn: ({ signal }) => bffFetch(`/api/v1/search?q=${encodeURIComponent(q)}`, searchResponseSchema, { signal }),
    staleTime: 10_000,
  });
