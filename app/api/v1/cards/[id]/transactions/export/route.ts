import * as cardTransactionContracts from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { exportCardCsv } from "@/server/finance/card-transactions";

export const GET = route(cardTransactionContracts.getCardExport, ({ db, staff, params, query, requestId }) =>
  exportCardCsv({ db, actor: staff, input: { ...query, ...params }, requestId }),
);
