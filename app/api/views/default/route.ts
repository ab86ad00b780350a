import { setDefaultView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import * as views from "@/server/views/service";

const post = route(setDefaultView, ({ db, staff, body, requestId }) => views.setDefaultView({ db, actor: staff, requestId, input: body }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(post);
