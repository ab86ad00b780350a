import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readCardTransaction } from "@/server/finance/card-transactions";

const get = route(cardTransactionContracts.getCardTransaction, ({ db, staff, params }) =>
  readCardTransaction({ db, actor: staff, input: params }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
