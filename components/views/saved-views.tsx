"use client";

import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { usePathname, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { viewsQuery } from "@/lib/client/views";
import { filtersInSearch, NO_VIEW, sameFilters, VIEW_PAGE_INFO, type ViewPage } from "@/lib/contracts/view-addresses";

// The menu (saving, sharing, the lists) loads when the dialog first opens; the button shows the open view without it.
const Menu = dynamic(() => import("./saved-views-menu").then((m) => m.Menu), { ssr: false });

type Props = { page: ViewPage };

/**
 * The saved-views menu of a page: which view is open, "Save view…" (the filters now in the
 * address, under a name), and the member's and the team's views to open, share, make the default
 * or delete. A dialog, so it keeps focus, closes on Escape and fits a phone.
 */
export function SavedViews({ page }: Props) {
  const params = useSearchParams();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const list = useQuery(viewsQuery(page));
  const activeId = params.get("view");
  const views = list.data?.views ?? [];
  const active = activeId && activeId !== NO_VIEW ? views.find((v) => v.id === activeId) : undefined;
  // An address naming a view the list no longer holds: deleted, or no longer shared.
  const gone = Boolean(activeId && activeId !== NO_VIEW && list.isSuccess && !active);
  const changed = active ? !sameFilters(page, active.filters, filtersInSearch(page, params)) : false;

  return (
    <div className="flex max-w-full min-w-0 flex-col items-end gap-1">
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button
            variant="secondary"
            className="max-w-full min-w-0"
            aria-label={active ? `Saved views: ${active.name} is open` : "Saved views"}
          >
            <span className="truncate">{active ? `View: ${active.name}${changed ? " (changed)" : ""}` : "Saved views"}</span>
            <span aria-hidden="true">▾</span>
          </Button>
        </DialogTrigger>
        <DialogContent
          title={`Saved views: ${VIEW_PAGE_INFO[page].label.toLowerCase()}`}
          description="Filters saved under a name, yours and the team's."
        >
          <Menu page={page} pathname={pathname} activeId={active?.id ?? null} onOpenView={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
      {gone ? (
        <p role="status" className="max-w-xs text-right text-xs text-amber-800">
          The saved view in this address was deleted or is no longer shared with you. The page shows the filters in the address.
        </p>
      ) : null}
    </div>
  );
}
