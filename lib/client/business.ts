import { queryOptions } from "@tanstack/react-query";
import { getBusiness } from "@/lib/contracts/business";
import { call } from "./call";

export const businessQuery = () =>
  queryOptions({
    queryKey: ["business"],
    queryFn: ({ signal }) => call(getBusiness, { signal }),
    staleTime: 5 * 60_000,
  });
