import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";

export const GET = route(accountContracts.getMe, ({ staff }) => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  timeZone: staff.timeZone ?? null,
}));
