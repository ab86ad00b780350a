import { deleteView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import * as views from "@/server/views/service";

const post = route(deleteView, ({ db, staff, params, requestId }) => views.deleteView({ db, actor: staff, requestId, input: params }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
