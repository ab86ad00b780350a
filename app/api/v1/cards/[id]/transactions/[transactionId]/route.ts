import { getCardTransaction } from "@/lib/contracts/card-transactions";
import { route } from "@/server/http/route";
import { readCardTransaction } from "@/server/finance/card-transactions";

export const GET = route(getCardTransaction, ({ staff, params }) => readCardTransaction(staff, params.id, params.transactionId));
