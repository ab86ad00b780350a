import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readCardWindow } from "@/server/finance/card-transactions";

/** One window of the card's transactions, filtered and sorted on the server (lib/finance/card-window.ts). */
const get = route(cardTransactionContracts.getCardWindow, ({ db, staff, params, query }) =>
  readCardWindow({ db, actor: staff, input: { ...query, ...params } }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
