import { getTransaction } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readTransaction } from "@/server/finance/transactions";

export const GET = route(getTransaction, ({ staff, params }) => readTransaction(staff, params.id));
