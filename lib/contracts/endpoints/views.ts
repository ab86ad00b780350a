import type * as views from "@/lib/contracts/views";
import { endpoint } from "./endpoint";

export const createView = endpoint<typeof views.createView>({ method: "POST", path: "/api/views" });
export const deleteView = endpoint<typeof views.deleteView>({ method: "POST", path: "/api/views/[id]/delete" });
export const listViews = endpoint<typeof views.listViews>({ method: "GET", path: "/api/views" });
export const setDefaultView = endpoint<typeof views.setDefaultView>({ method: "POST", path: "/api/views/default" });
export const updateView = endpoint<typeof views.updateView>({ method: "PATCH", path: "/api/views/[id]" });
