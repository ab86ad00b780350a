import { updateView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import { shareView } from "@/server/views/service";

const patch = route(updateView, ({ db, staff, params, body, requestId }) =>
  shareView({ db, actor: staff, requestId, input: { id: params.id, shared: body.shared } }),
);

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(patch);
