"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useLayoutEffect } from "react";
import { viewsQuery } from "@/lib/client/views";
import { NO_VIEW, filtersInSearch, sameFilters, type ViewPage } from "@/lib/contracts/view-addresses";

/** The saved view an address names, as the button shows it: for which address id, and how it stands. */
export type OpenView = { for: string; active: { id: string; name: string } | null; changed: boolean };

type Props = { page: ViewPage; activeId: string; onOpenView: (open: OpenView) => void };

/**
 * Reads the list of views and compares the address's filters with the open view's, for the button
 * of SavedViews to show; draws the notice of a view that is gone. Loaded only when the address
 * names a view.
 */
export function OpenViewWatch({ page, activeId, onOpenView }: Props) {
  const params = useSearchParams();
  const list = useQuery(viewsQuery(page));
  const named = activeId !== NO_VIEW ? activeId : null;
  const found = named ? list.data?.views.find((v) => v.id === named) : undefined;
  // An address naming a view the list no longer holds: deleted, or no longer shared.
  const gone = Boolean(named && list.isSuccess && !found);
  const changed = found ? !sameFilters(page, found.filters, filtersInSearch(page, params)) : false;
  const id = found?.id ?? null;
  const name = found?.name ?? null;
  // Before paint, so the button never shows the previous address's state for a frame.
  useLayoutEffect(() => {
    onOpenView({ for: activeId, active: id !== null && name !== null ? { id, name } : null, changed });
  }, [onOpenView, activeId, id, name, changed]);
  return gone ? (
    <p role="status" className="max-w-xs text-right text-xs text-amber-800">
      The saved view in this address was deleted or is no longer shared with you. The page shows the filters in the address.
    </p>
  ) : null;
}
