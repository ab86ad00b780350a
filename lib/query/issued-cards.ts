import { queryOptions } from "@tanstack/react-query";
import { issuedCardListSchema } from "../customers/issued-cards";
import { bffFetch } from "../client/fetcher";

export const issuedCardsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "issued-cards"],
    queryFn: ({ signal }) => bffFetch(`/api/v1/customers/${encodeURIComponent(customerId)}/cards`, issuedCardListSchema, { signal }),
  });
