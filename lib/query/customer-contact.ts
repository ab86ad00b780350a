import { queryOptions } from "@tanstack/react-query";
import { customerContactViewSchema } from "../customers/contact";
import { bffFetch } from "../client/fetcher";

export const customerContactQuery = (customerId: string) =>
  queryOptions({
    queryKey: ["customers", customerId, "contact"],
    queryFn: ({ signal }) => bffFetch(`/api/v1/customers/${encodeURIComponent(customerId)}/contact`, customerContactViewSchema, { signal }),
  });
