import { setDefaultView } from "@/lib/contracts/views";
import { route } from "@/server/http/route";
import * as views from "@/server/views/service";

export const POST = route(setDefaultView, ({ db, staff, body, requestId }) =>
  views.setDefaultView({ db, actor: staff, requestId, input: body }),
);
