import { queryOptions } from "@tanstack/react-query";
import { getCustomerCards } from "@/lib/contracts/endpoints/cards";
import { call } from "./call";

export const issuedCardsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "issued-cards"],
    queryFn: ({ signal }) => call(getCustomerCards, { params: { id: customerId }, signal }),
  });
