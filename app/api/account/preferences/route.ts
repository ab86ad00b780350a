import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { readPreferences, updatePreferences } from "@/server/staff/preferences";

const get = route(accountContracts.getOwnPreferences, ({ db, staff }) => readPreferences(db, staff));

const patch = route(accountContracts.updateOwnPreferences, ({ db, staff, body, requestId }) =>
  updatePreferences({ db, actor: staff, input: body, requestId }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, patch);
