import { queryOptions } from "@tanstack/react-query";
import { call } from "./call";
import { getBusiness } from "@/lib/contracts/endpoints/business";

export const businessQuery = () =>
  queryOptions({
    queryKey: ["business"],
    queryFn: ({ signal }) => call(getBusiness, { signal }),
    staleTime: 5 * 60_000,
  });
