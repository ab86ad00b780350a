import "server-only";
import { redirect } from "next/navigation";
import type { Db } from "@/server/db/types";
import { isUuid } from "@/lib/route-params";
import { searchParamsRecord } from "@/lib/route-params";
import { NO_VIEW, VIEW_PAGES, viewSearch, type ViewPage } from "@/lib/contracts/view-pages";
import { defaultViewOf, findVisibleView, type ViewActor } from "./service";

/**
 * A page's saved view, from its URL, before the page reads its filters:
 * - `?view=<id>` alone opens the view: a redirect to its filters (then `view=<id>`, so the menu
 *   knows which view is open). An id that is not valid, deleted or not shared with the member opens
 *   the page as its address says, and the menu explains why.
 * - an address with no query at all opens the member's default view, when they have one;
 *   `?view=none` is the page without any view.
 */
export async function openSavedView(
  db: Db,
  staff: ViewActor,
  page: ViewPage,
  searchParams: Record<string, string | string[] | undefined>,
  path: string,
): Promise<void> {
  const raw = searchParamsRecord(searchParams);
  const id = raw.view;
  if (id === NO_VIEW) return;
  if (id !== undefined) {
    if (!isUuid(id)) return;
    if (VIEW_PAGES[page].keys.some((key) => raw[key] !== undefined)) return;
    const view = await findVisibleView(db, staff, id, page);
    if (view && Object.keys(view.filters).length > 0) redirect(`${path}${viewSearch(page, view.filters, view.id)}`);
    return;
  }
  if (Object.keys(raw).length > 0) return;
  const chosen = await defaultViewOf(db, staff, page);
  if (chosen) redirect(`${path}${viewSearch(page, chosen.filters, chosen.id)}`);
}
