import * as accountContracts from "@/lib/contracts/account";
import { route } from "@/server/http/route";
import { readPreferences, updatePreferences } from "@/server/staff/preferences";

export const GET = route(accountContracts.getOwnPreferences, ({ db, staff }) => readPreferences(db, staff));

export const PATCH = route(accountContracts.updateOwnPreferences, ({ db, staff, body, requestId }) =>
  updatePreferences({ db, actor: staff, input: body, requestId }),
);
