import { createView, listViews } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import * as views from "@/server/views/service";

export const GET = route(listViews, ({ db, staff, query }) => views.listViews({ db, actor: staff, page: query.page }));
export const POST = route(createView, ({ db, staff, body, requestId }) => views.createView({ db, actor: staff, requestId, input: body }));
