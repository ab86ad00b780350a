import { queryOptions } from "@tanstack/react-query";
import { businessSchema } from "../schemas";
import { bffFetch } from "./fetcher";

export const businessQuery = () =>
  queryOptions({
    queryKey: ["business"],
    queryFn: ({ signal }) => bffFetch("/api/v1/business", businessSchema, { signal }),
    staleTime: 5 * 60_000,
  });
