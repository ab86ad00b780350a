import { createView, listViews } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import { methods } from "@/server/http/methods";
import * as views from "@/server/views/service";

const get = route(listViews, ({ db, staff, query }) => views.listViews({ db, actor: staff, page: query.page }));
const post = route(createView, ({ db, staff, body, requestId }) => views.createView({ db, actor: staff, requestId, input: body }));

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = methods(get, post);
