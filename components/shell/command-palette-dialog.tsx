"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { type RefObject, useState } from "react";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { resolveObjectHref } from "@/components/finance/open-by-id";
import { QueryErrorState } from "@/components/shell/query-state";
import { cx } from "@/components/ui/cx";
import { normaliseSearchId } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";
import type { NavItem } from "@/lib/navigation";
import { searchQuery } from "@/lib/client/search";
import { readRecentPicks, rememberPick } from "@/lib/search/recent-picks";
import { SEARCH_MAX_LENGTH, type SearchResult } from "@/lib/search/results";

const KIND_LABELS: Record<SearchResult["kind"], string> = {
  transaction: "Transaction",
  bill: "Bill",
  collection: "Collection account",
  card: "Card",
  customer: "Customer",
  page: "Page",
};

const itemClass =
  "flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800";
const groupClass =
  "px-1 pb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500";

/**
 * Search everywhere, the dialog itself: loaded the first time the header button or ⌘K / Ctrl+K asks
 * for it (see command-palette.tsx). A pasted id opens its page (the same reads in the same order as
 * the finance id box); otherwise the seen-objects index, customers and the role's pages are searched.
 * Only kinds the role may open are offered (the server filters too).
 */
export function CommandPaletteDialog({
  nav,
  open,
  onOpenChange,
  triggerRef,
}: {
  nav: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The shell's button that opens it, where focus goes back on closing. */
  triggerRef: RefObject<HTMLElement | null>;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recent, setRecent] = useState<SearchResult[]>(() => readRecentPicks(window.localStorage));
  const q = useDebouncedValue(text.trim(), 200);
  const objects = nav.some((n) => n.capability === "finance.read");
  const customers = nav.some((n) => n.capability === "verification.read");

  // Opening reads this browser's recent picks; closing forgets what was typed. The button opens and
  // closes it from outside, so this follows `open` as it changes rather than wrapping a handler.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRecent(readRecentPicks(window.localStorage));
    else {
      setText("");
      setError(null);
    }
  }

  const found = useQuery({ ...searchQuery(q), enabled: open && q !== "" && (objects || customers) });
  const results = (found.data?.results ?? []).filter((r) => r.kind !== "page");
  const lower = text.trim().toLowerCase();
  const pages = nav.filter((n) => lower === "" || n.label.toLowerCase().includes(lower));
  // When matches arrive, the first one is selected (not the slower "Open by id" reads), so Enter opens it.
  const [selected, setSelected] = useState("");
  const [selectedFor, setSelectedFor] = useState<string | null>(null);
  const firstMatch = results[0] ? itemValue(results[0]) : null;
  if (firstMatch !== null && firstMatch !== selectedFor) {
    setSelectedFor(firstMatch);
    setSelected(firstMatch);
  }
  // "Nothing found" only once the search has answered for the text as typed, and answered without
  // an error: while typing, while it runs, or beside its error message it would say something untrue.
  const settled = q === text.trim() && !found.isFetching && !found.error && !busy;
  const id = normaliseSearchId(text);
  const pastedId = "id" in id ? id.id : null;

  function go(pick: SearchResult) {
    setRecent(rememberPick(window.localStorage, pick));
    onOpenChange(false);
    router.push(pick.href);
  }

  async function openId(value: string) {
    setBusy(true);
    setError(null);
    try {
      const outcome = await resolveObjectHref(queryClient, value, "any");
      if ("error" in outcome) return setError(outcome.error);
      go({ kind: "transaction", id: value, title: value, subtitle: "Opened by id", href: outcome.href });
    } finally {
      setBusy(false);
    }
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          className="fixed top-4 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl sm:top-[12vh]"
          aria-describedby={undefined}
          // There is no Radix trigger (the button lives in the shell, loaded before this): focus goes back to it by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <RadixDialog.Title className="sr-only">Search everywhere</RadixDialog.Title>
          <Command label="Search everywhere" shouldFilter={false} loop value={selected} onValueChange={setSelected}>
            <Command.Input
              value={text}
              onValueChange={(v) => {
                setText(v);
                setError(null);
              }}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="An id, reference, account number or page…"
              className="w-full border-b border-slate-200 px-4 py-3 text-base outline-none placeholder:text-slate-400"
            />
            {error ? (
              <p role="alert" className="border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            {/* Above the list, not in it: a listbox holds options, and this has its own button. */}
            {found.error ? (
              <QueryErrorState
                compact
                error={found.error}
                title="The search failed"
                onRetry={() => void found.refetch()}
                className="border-b border-red-100 bg-red-50 px-4 py-2"
              />
            ) : null}
            <Command.List className="max-h-[60vh] overflow-y-auto py-2">
              {found.isFetching || busy ? <Command.Loading className="px-4 py-2 text-sm text-slate-500">Searching…</Command.Loading> : null}
              {settled ? (
                <Command.Empty className="px-4 py-3 text-sm text-slate-600">
                  Nothing found. Objects appear here once someone has opened them.
                </Command.Empty>
              ) : null}
              {results.length > 0 ? (
                <Command.Group heading="Seen in this back-office" className={groupClass}>
                  {results.map((r) => (
                    <ResultItem key={`${r.kind}:${r.id}`} result={r} onSelect={go} />
                  ))}
                </Command.Group>
              ) : null}
              {pastedId && (objects || customers) ? (
                <Command.Group heading="Open by id" className={groupClass}>
                  {objects ? (
                    <Command.Item
                      value={`open-object:${pastedId}`}
                      onSelect={() => void openId(pastedId)}
                      className={itemClass}
                      disabled={busy}
                    >
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        Open <span className="font-mono">{pastedId}</span>
                      </span>
                      <span className="text-xs text-slate-500">transaction, bill, collection account or card</span>
                    </Command.Item>
                  ) : null}
                  {customers ? (
                    <Command.Item
                      value={`open-customer:${pastedId}`}
                      onSelect={() =>
                        go({
                          kind: "customer",
                          id: pastedId,
                          title: pastedId,
                          subtitle: "Customer",
                          // normaliseSearchId took pastedId, so it names a page.
                          href: objectHref("customer", pastedId)!,
                        })
                      }
                      className={itemClass}
                    >
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        Open customer <span className="font-mono">{pastedId}</span>
                      </span>
                    </Command.Item>
                  ) : null}
                </Command.Group>
              ) : null}
              {lower === "" && recent.length > 0 ? (
                <Command.Group heading="Recent" className={groupClass}>
                  {recent.map((r) => (
                    <ResultItem key={`recent:${r.href}`} result={r} onSelect={go} prefix="recent" />
                  ))}
                </Command.Group>
              ) : null}
              {pages.length > 0 ? (
                <Command.Group heading="Pages" className={groupClass}>
                  {pages.map((p) => (
                    <ResultItem
                      key={p.href}
                      result={{ kind: "page", id: p.href, title: p.label, subtitle: "Page", href: p.href }}
                      onSelect={go}
                    />
                  ))}
                </Command.Group>
              ) : null}
            </Command.List>
          </Command>
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
            ↑ ↓ to move, Enter to open, Esc to close. Search covers objects opened here before: the payments API has no search.
          </p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function itemValue(result: SearchResult, prefix = ""): string {
  return `${prefix}:${result.kind}:${result.href}`;
}

export function ResultItem({
  result,
  onSelect,
  prefix = "",
}: {
  result: SearchResult;
  onSelect: (r: SearchResult) => void;
  prefix?: string;
}) {
  const subtitle = result.kind === "page" ? "Page" : result.subtitle || KIND_LABELS[result.kind];
  return (
    <Command.Item value={itemValue(result, prefix)} onSelect={() => onSelect(result)} className={itemClass}>
      {/* Cut to the dialog's width: the whole title and subtitle on hover. */}
      <span className={cx("min-w-0 truncate", result.kind !== "page" && "font-mono")} title={result.title}>
        {result.title}
      </span>
      <span className="min-w-0 truncate text-xs text-slate-500" title={subtitle}>
        {subtitle}
      </span>
    </Command.Item>
  );
}
