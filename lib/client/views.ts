import { queryOptions } from "@tanstack/react-query";
import type { z } from "@/lib/validation/zod";
import { createView, deleteView, listViews, setDefaultView, updateView } from "@/lib/contracts/endpoints/views";
import type { createViewBody } from "@/lib/contracts/views";
import type { ViewPage } from "@/lib/contracts/view-pages";
import { call } from "./call";

export const viewsQuery = (page: ViewPage) =>
  queryOptions({
    queryKey: ["views", page],
    queryFn: ({ signal }) => call(listViews, { query: { page }, signal }),
  });

export const viewsApi = {
  create: (body: z.output<typeof createViewBody>) => call(createView, { body }),
  share: (id: string, shared: boolean) => call(updateView, { params: { id }, body: { shared } }),
  remove: (id: string) => call(deleteView, { params: { id } }),
  setDefault: (page: ViewPage, view: string | null) => call(setDefaultView, { body: { page, view } }),
};
