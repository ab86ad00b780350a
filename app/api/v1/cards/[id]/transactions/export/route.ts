import { getCardExport } from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { exportCardCsv } from "@/server/finance/card-transactions";

export const GET = route(getCardExport, ({ staff, params, query, requestId }) => exportCardCsv(staff, params.id, query, requestId));
