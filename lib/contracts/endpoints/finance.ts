import type * as finance from "@/lib/contracts/finance";
import { endpoint } from "./endpoint";

export const getBill = endpoint<typeof finance.getBill>({ method: "GET", path: "/api/v1/bills/[id]" });
export const getBillCategory = endpoint<typeof finance.getBillCategory>({ method: "GET", path: "/api/v1/bills/categories/[id]" });
export const getBillItems = endpoint<typeof finance.getBillItems>({ method: "GET", path: "/api/v1/bills/categories/[id]/items/[itemId]" });
export const getCollection = endpoint<typeof finance.getCollection>({ method: "GET", path: "/api/v1/collections/[id]" });
export const getTransaction = endpoint<typeof finance.getTransaction>({ method: "GET", path: "/api/v1/transactions/[id]" });
export const postBillToken = endpoint<typeof finance.postBillToken>({ method: "POST", path: "/api/v1/bills/[id]/token" });
export const postCredit = endpoint<typeof finance.postCredit>({ method: "POST", path: "/api/v1/checkouts/[accountNo]/credit" });
