import { deleteView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import * as views from "@/server/views/service";

export const POST = route(deleteView, ({ db, staff, params, requestId }) =>
  views.deleteView({ db, actor: staff, requestId, input: params }),
);
