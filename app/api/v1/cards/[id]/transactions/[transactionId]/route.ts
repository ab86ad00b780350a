import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { readCardTransaction } from "@/server/finance/card-transactions";

export const GET = route(cardTransactionContracts.getCardTransaction, ({ db, staff, params }) =>
  readCardTransaction({ db, actor: staff, input: params }),
);
