import "server-only";
import type { Handler } from "@/server/simulator/context";
import type { OperationName } from "@/server/simulator/routes";
import { postAuth } from "./auth";
import { getBillCategory, getBillCategoryItems } from "./bill-catalogue";
import { getCardTransaction, getCardTransactions } from "./card-transactions";
import { getCardVerification, postCardVerification } from "./card-verification";
import { postCards } from "./cards";
import { postCredit } from "./credit";
import { postCustomerUpdate } from "./customers";
import { postBvn } from "./identity";
import { getBill, getBusiness, getCollection, getTransaction } from "./reads";

/** One handler per operation; the type makes a missing operation a compile error. */
export const HANDLERS: Record<OperationName, Handler> = {
  "POST /auth": postAuth,
  "GET /business": getBusiness,
  "GET /transactions/{id}": getTransaction,
  "GET /bills/{id}": getBill,
  "GET /bills/categories/{id}": getBillCategory,
  "GET /bills/categories/{id}/items/{itemId}": getBillCategoryItems,
  "GET /cards/{id}/transactions": getCardTransactions,
  "GET /cards/{id}/transactions/{transactionId}": getCardTransaction,
  "GET /collections/{id}": getCollection,
  "POST /identity/bvn": postBvn,
  "POST /customers/{id}/update": postCustomerUpdate,
  "GET /customers/{id}/card-verification": getCardVerification,
  "POST /customers/{id}/card-verification": postCardVerification,
  "POST /checkouts/{accountNo}/credit": postCredit,
  "POST /cards": postCards,
};
