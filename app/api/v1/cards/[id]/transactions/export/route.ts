import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { exportCardCsv } from "@/server/finance/card-transactions";

const get = route(cardTransactionContracts.getCardExport, ({ db, staff, params, query, requestId }) =>
  exportCardCsv({ db, actor: staff, input: { ...query, ...params }, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
