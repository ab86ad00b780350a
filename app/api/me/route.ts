import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";

const get = route(accountContracts.getMe, ({ staff }) => ({
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  timeZone: staff.timeZone ?? null,
}));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get);
