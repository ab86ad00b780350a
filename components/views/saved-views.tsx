"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import type { ViewPage } from "@/lib/contracts/view-addresses";
import type { OpenView } from "./saved-views-open";

// The dialog and its menu (saving, sharing, the lists) load on the first press of the button. The
// list of views, the comparison of the address's filters with the open view's and the notice of a
// view that is gone load only when the address names a view; the button reads "Saved views" until
// they have reported, as it did while the list was on its way.
const SavedViewsDialog = lazyPart(() => import("./saved-views-menu"), "SavedViewsDialog", "floating");
const OpenViewWatch = lazyPart(() => import("./saved-views-open"), "OpenViewWatch");

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
  const [reported, setReported] = useState<OpenView | null>(null);
  // What was reported for another address's view is not this one's.
  const open = activeId !== null && reported?.for === activeId ? reported : null;
  const active = open?.active ?? null;
  const changed = open?.changed ?? false;

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
      {activeId !== null ? <OpenViewWatch page={page} activeId={activeId} onOpenView={setReported} /> : null}
    </div>
  );
}
