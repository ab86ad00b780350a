"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Button } from "@/components/ui/button";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import { viewsQuery } from "@/lib/client/views";
import type { ViewPage } from "@/lib/contracts/view-addresses";

// The dialog and its menu (saving, sharing, the lists) load on the first press of the button. The
// address's filters are compared with the open view's only when the address names one (the
// comparison's page tables load then, beside the list); the button reads "Saved views" until both
// are there, as it did while the list was on its way.
const SavedViewsDialog = lazyPart(() => import("./saved-views-menu"), "SavedViewsDialog");
const loadAddresses = () => import("@/lib/contracts/view-addresses");

type Props = { page: ViewPage };

/**
 * The saved-views menu of a page: which view is open, "Save view…" (the filters now in the
 * address, under a name), and the member's and the team's views to open, share, make the default
 * or delete. A dialog, so it keeps focus, closes on Escape and fits a phone.
 */
export function SavedViews({ page }: Props) {
  const params = useSearchParams();
  const { wanted, dialog, trigger } = useDialogOnUse();
  const activeId = params.get("view");
  const addresses = useModuleWhen(activeId !== null, loadAddresses);
  // The menu reads the same list when it opens; without a view in the address nothing here needs it.
  const list = useQuery({ ...viewsQuery(page), enabled: activeId !== null });
  const named = addresses && activeId !== addresses.NO_VIEW ? activeId : null;
  const active = named ? list.data?.views.find((v) => v.id === named) : undefined;
  // An address naming a view the list no longer holds: deleted, or no longer shared.
  const gone = Boolean(named && list.isSuccess && !active);
  const changed = active && addresses ? !addresses.sameFilters(page, active.filters, addresses.filtersInSearch(page, params)) : false;

  return (
    <div className="flex max-w-full min-w-0 flex-col items-end gap-1">
      <Button
        variant="secondary"
        className="max-w-full min-w-0"
        {...trigger}
        aria-label={active ? `Saved views: ${active.name} is open` : "Saved views"}
      >
        <span className="truncate">{active ? `View: ${active.name}${changed ? " (changed)" : ""}` : "Saved views"}</span>
        <span aria-hidden="true">▾</span>
      </Button>
      {wanted ? <SavedViewsDialog page={page} activeId={active?.id ?? null} {...dialog} /> : null}
      {gone ? (
        <p role="status" className="max-w-xs text-right text-xs text-amber-800">
          The saved view in this address was deleted or is no longer shared with you. The page shows the filters in the address.
        </p>
      ) : null}
    </div>
  );
}
