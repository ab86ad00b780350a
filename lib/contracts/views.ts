import { z } from "@/lib/validation/zod";
import { uuidParams, uuidSchema } from "@/lib/route-params";
import { freeText } from "@/lib/validation/text-schemas";
import { MAX_VIEW_NAME, parseViewFilters, viewPages } from "./view-pages";
import { contract } from "./contract";

/** What the saved-view endpoints may answer beyond the guards' codes. */
export const VIEW_ERRORS = ["view_not_found", "view_name_taken", "view_limit_reached"] as const;

const pageSchema = z.enum(viewPages, { message: `The page is one of ${viewPages.join(", ")}.` });
const viewIdParams = uuidParams("saved view");

export const savedViewSchema = z.object({
  id: z.string(),
  page: pageSchema,
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  shared: z.boolean(),
  /** The owner's display name; `mine` when it is the caller's own view. */
  owner: z.object({ name: z.string(), mine: z.boolean() }),
  /** The caller may delete it: their own, or a shared one when they are an administrator. */
  canDelete: z.boolean(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const viewListSchema = z.object({
  views: z.array(savedViewSchema),
  /** The caller's default view for the page, or null. */
  defaultId: z.string().nullable(),
});
export type ViewList = z.infer<typeof viewListSchema>;

/** The caller's own views and the team's shared ones for one page, with the caller's default. */
export const listViews = contract({
  method: "GET",
  path: "/api/views",
  capability: "workspace.use",
  action: "view.list",
  query: z.object({ page: pageSchema }).strict(),
  response: viewListSchema,
  errors: [],
});

/** The request body of saving a view: its filters are read by the page's own schema. */
export const createViewBody = z
  .object({
    page: pageSchema,
    name: freeText("view name", { max: MAX_VIEW_NAME }),
    filters: z.record(z.string(), z.unknown(), { message: "The filters are a list of names and text values." }),
    shared: z.boolean({ message: "shared is true or false." }).default(false),
  })
  .strict()
  .transform((body, ctx) => {
    const parsed = parseViewFilters(body.page, body.filters);
    if (!parsed.ok) {
      for (const issue of parsed.issues)
        ctx.addIssue({ code: "custom", message: issue.message, path: issue.key ? ["filters", issue.key] : ["filters"] });
      return z.NEVER;
    }
    return { ...body, filters: parsed.filters };
  });

/** Saves the current filters under a name (unique per member and page, whatever its case). */
export const createView = contract({
  method: "POST",
  path: "/api/views",
  capability: "workspace.use",
  action: "view.create",
  body: createViewBody,
  response: z.object({ view: savedViewSchema }),
  errors: ["view_name_taken", "view_limit_reached"],
});

/** Shares a view with the team, or makes it private again: its owner only. */
export const updateView = contract({
  method: "PATCH",
  path: "/api/views/[id]",
  capability: "workspace.use",
  action: "view.share",
  params: viewIdParams,
  body: z.object({ shared: z.boolean({ message: "shared is true or false." }) }).strict(),
  response: z.object({ view: savedViewSchema }),
  errors: ["view_not_found"],
});

/** Deletes a view: its owner, or an administrator when it is shared. */
export const deleteView = contract({
  method: "POST",
  path: "/api/views/[id]/delete",
  capability: "workspace.use",
  action: "view.delete",
  params: viewIdParams,
  response: z.object({ deleted: z.string() }),
  errors: ["view_not_found"],
});

/** Sets (or with `view: null` clears) the caller's default view of a page. */
export const setDefaultView = contract({
  method: "POST",
  path: "/api/views/default",
  capability: "workspace.use",
  action: "view.default",
  body: z
    .object({
      page: pageSchema,
      view: uuidSchema("saved view").nullable(),
    })
    .strict(),
  response: z.object({ defaultId: z.string().nullable() }),
  errors: ["view_not_found"],
});
