import type * as customers from "@/lib/contracts/customers";
import { endpoint } from "./endpoint";

export const getActivity = endpoint<typeof customers.getActivity>({ method: "GET", path: "/api/v1/activity" });
export const getCardVerification = endpoint<typeof customers.getCardVerification>({
  method: "GET",
  path: "/api/v1/customers/[id]/card-verification",
});
export const getCustomerContact = endpoint<typeof customers.getCustomerContact>({ method: "GET", path: "/api/v1/customers/[id]/contact" });
export const getSearch = endpoint<typeof customers.getSearch>({ method: "GET", path: "/api/v1/search" });
export const getVerificationEvents = endpoint<typeof customers.getVerificationEvents>({
  method: "GET",
  path: "/api/v1/verification-events",
});
export const postCardVerification = endpoint<typeof customers.postCardVerification>({
  method: "POST",
  path: "/api/v1/customers/[id]/card-verification",
});
export const postCustomerUpdate = endpoint<typeof customers.postCustomerUpdate>({ method: "POST", path: "/api/v1/customers/[id]/update" });
