import { getBill } from "@/lib/contracts/finance";
import { route } from "@/server/http/route";
import { readBill } from "@/server/finance/bills";

export const GET = route(getBill, ({ staff, params }) => readBill(staff, params.id));
