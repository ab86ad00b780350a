import { getCollection } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readCollection } from "@/server/finance/transactions";

export const GET = route(getCollection, ({ staff, params }) => readCollection(staff, params.id));
