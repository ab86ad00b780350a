"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { useState, type RefObject } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { QueryErrorState } from "@/components/shell/query-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { cx, focusRing } from "@/components/ui/cx";
import { LoadingLine } from "@/components/ui/loading-state";
import { writeAddress } from "@/lib/client/address";
import { failureMessage } from "@/lib/client/fetcher";
import { viewsApi, viewsQuery } from "@/lib/client/views";
import type { SavedView } from "@/lib/contracts/views";
import { filtersInSearch, MAX_VIEW_NAME, NO_VIEW, VIEW_PAGE_INFO, viewSearch, type ViewPage } from "@/lib/contracts/view-addresses";

type DialogProps = {
  page: ViewPage;
  activeId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
};

/** The saved-views dialog (saved-views.tsx), loaded with the first press of its button. */
export function SavedViewsDialog({ page, activeId, open, onOpenChange, triggerRef }: DialogProps) {
  const pathname = usePathname();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} triggerRef={triggerRef}>
      <DialogContent
        title={`Saved views: ${VIEW_PAGE_INFO[page].label.toLowerCase()}`}
        description="Filters saved under a name, yours and the team's."
      >
        <Menu page={page} pathname={pathname} activeId={activeId} onOpenView={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function Menu({
  page,
  pathname,
  activeId,
  onOpenView,
}: {
  page: ViewPage;
  pathname: string;
  activeId: string | null;
  onOpenView: () => void;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(viewsQuery(page));
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["views", page] });
  const failed = (error: Error) => {
    setMessage({ tone: "error", text: failureMessage(error, "That did not work. Try again.") });
    void refresh();
  };

  const create = useMutation({ mutationFn: viewsApi.create, onSettled: refresh });
  const form = useFormSubmit({
    initial: () => ({ name: "", shared: "" }),
    // The filters' schemas load with the first save, not with the page.
    schema: () => import("@/lib/contracts/views").then((m) => m.createViewBody),
    toInput: (v) => ({
      page,
      name: v.name,
      shared: v.shared === "yes",
      filters: filtersInSearch(page, new URLSearchParams(window.location.search)),
    }),
    fields: ["name", "filters"] as const,
    mutation: create,
    fallbackMessage: "The view was not saved. Try again.",
    onSuccess: ({ view }) => {
      setMessage({ tone: "ok", text: `Saved “${view.name}”.` });
      // The saved filters are the ones on screen: the address now names the view too.
      writeAddress(() => {
        const search = new URLSearchParams(window.location.search);
        search.set("view", view.id);
        return `${window.location.pathname}?${search.toString()}`;
      }, "replace");
    },
  });

  const share = useMutation({
    mutationFn: ({ id, shared }: { id: string; shared: boolean }) => viewsApi.share(id, shared),
    onSuccess: ({ view }) =>
      setMessage({ tone: "ok", text: view.shared ? `“${view.name}” is shared with the team.` : `“${view.name}” is private again.` }),
    onError: failed,
    onSettled: refresh,
  });
  const setDefault = useMutation({
    mutationFn: (id: string | null) => viewsApi.setDefault(page, id),
    onSuccess: ({ defaultId }) =>
      setMessage({ tone: "ok", text: defaultId ? "This page now opens on that view." : "This page now opens without a view." }),
    onError: failed,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) => viewsApi.remove(view.id),
    onSuccess: (_data, view) => setMessage({ tone: "ok", text: `Deleted “${view.name}”.` }),
    onError: failed,
    onSettled: refresh,
  });
  const busy = share.isPending || setDefault.isPending || remove.isPending;

  return (
    <div className="space-y-5">
      <form onSubmit={form.onSubmit} noValidate className="space-y-3" aria-label="Save the current filters">
        <Field
          label="Save the current filters as"
          htmlFor={`view-name-${page}`}
          error={form.fieldErrors.name ?? form.fieldErrors.filters}
          required
        >
          <Input
            id={`view-name-${page}`}
            value={form.values.name}
            onChange={form.bind("name")}
            maxLength={MAX_VIEW_NAME + 20}
            autoComplete="off"
            placeholder="e.g. Refunds this month"
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className={cx("size-4 rounded border-slate-300", focusRing)}
            checked={form.values.shared === "yes"}
            onChange={(e) => form.setValues((v) => ({ ...v, shared: e.target.checked ? "yes" : "" }))}
          />
          Share with the team
        </label>
        <FormAlert>{form.formError}</FormAlert>
        <Button type="submit" loading={form.pending}>
          Save view
        </Button>
      </form>

      <p
        role="status"
        aria-live="polite"
        className={cx("min-h-5 text-sm", message?.tone === "error" ? "text-red-700" : "text-emerald-800")}
      >
        {message?.text ?? ""}
      </p>

      <section aria-labelledby={`views-list-${page}`} className="space-y-2">
        <h3 id={`views-list-${page}`} className="text-sm font-semibold text-slate-900">
          Views
        </h3>
        {list.isPending ? <LoadingLine label="Loading the saved views…" /> : null}
        {list.isError ? (
          <QueryErrorState compact error={list.error} title="The saved views could not be loaded" onRetry={() => void list.refetch()} />
        ) : null}
        {list.isSuccess && list.data.views.length === 0 ? (
          <p className="text-sm text-slate-600">No saved views yet. Set the filters you use often, then save them here.</p>
        ) : null}
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          <li className="p-3">
            <Link href={`${pathname}?view=${NO_VIEW}`} onClick={onOpenView} className={cx("text-sm text-brand-700 underline", focusRing)}>
              No view (all rows, no filters)
            </Link>
          </li>
          {(list.data?.views ?? []).map((view) => (
            <ViewRow
              key={view.id}
              view={view}
              href={`${pathname}${viewSearch(page, view.filters, view.id)}`}
              isActive={view.id === activeId}
              isDefault={view.id === list.data?.defaultId}
              busy={busy}
              onOpen={onOpenView}
              onShare={(shared) => share.mutate({ id: view.id, shared })}
              onDefault={(on) => setDefault.mutate(on ? view.id : null)}
              onDelete={() => remove.mutate(view)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

type RowProps = {
  view: SavedView;
  href: string;
  isActive: boolean;
  isDefault: boolean;
  busy: boolean;
  onOpen: () => void;
  onShare: (shared: boolean) => void;
  onDefault: (on: boolean) => void;
  onDelete: () => void;
};

function ViewRow({ view, href, isActive, isDefault, busy, onOpen, onShare, onDefault, onDelete }: RowProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          href={href}
          onClick={onOpen}
          aria-current={isActive ? "page" : undefined}
          className={cx("min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-brand-700 underline", focusRing)}
        >
          {view.name}
        </Link>
        {isActive ? <Badge tone="info">Open</Badge> : null}
        {isDefault ? <Badge tone="success">Default</Badge> : null}
        <Badge tone="neutral">{view.shared ? (view.owner.mine ? "Shared by you" : `Shared by ${view.owner.name}`) : "Private"}</Badge>
      </div>
      {confirming ? (
        <div role="group" aria-label={`Delete ${view.name}?`} className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">{view.shared ? "Delete it for everyone in the team?" : "Delete this view?"}</span>
          <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
            Delete
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onDefault(!isDefault)}>
            {isDefault ? "Remove as default" : "Set as default"}
          </Button>
          {view.owner.mine ? (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onShare(!view.shared)}>
              {view.shared ? "Make private" : "Share with the team"}
            </Button>
          ) : null}
          {view.canDelete ? (
            <Button variant="ghost" size="sm" className="text-red-700" disabled={busy} onClick={() => setConfirming(true)}>
              Delete…
            </Button>
          ) : null}
        </div>
      )}
    </li>
  );
}
