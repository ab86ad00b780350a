import { updateView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import { shareView } from "@/server/views/service";

export const PATCH = route(updateView, ({ db, staff, params, body, requestId }) =>
  shareView({ db, actor: staff, requestId, input: { id: params.id, shared: body.shared } }),
);
