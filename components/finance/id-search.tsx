"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button, Field, Input, Select } from "@/components/ui";
import { kindLabels, lookupOrder, normaliseSearchId, objectHref, searchableKinds, type SearchableKind } from "@/lib/finance/objects";
import { BffError } from "@/lib/query/fetcher";
import { DEFAULT_STATE } from "@/lib/finance/card-table-state";
import { billQuery, cardWindowQuery, collectionQuery, transactionQuery } from "@/lib/query/finance";
import { useQueryClient } from "@tanstack/react-query";

/**
 * One box for any id. With "Any kind" the reads are tried in order (the id's prefix first) and the
 * first that exists wins; the result is cached, so the page it opens shows at once.
 */
export function IdSearch() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [value, setValue] = useState("");
  const [kind, setKind] = useState<SearchableKind | "any">("any");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = normaliseSearchId(value);
    if ("error" in checked) return setError(checked.error);
    setError(null);
    const order = lookupOrder(checked.id, kind);
    if (order.length === 1) return router.push(objectHref(order[0]!, checked.id));
    setBusy(true);
    try {
      for (const candidate of order) {
        try {
          await queryClient.fetchQuery(queryFor(candidate, checked.id) as never);
          return router.push(objectHref(candidate, checked.id));
        } catch (e) {
          if (!(e instanceof BffError && e.status === 404)) {
            return setError(e instanceof BffError ? e.message : "The search failed. Try again.");
          }
        }
      }
      setError(`Nothing has the id ${checked.id}: no transaction, bill, collection account or card.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate role="search" className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <Field label="Id" htmlFor="finance-search-id" hint="A transaction, bill, collection account or card id." error={error}>
        <Input id="finance-search-id" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
      </Field>
      <Field label="Kind" htmlFor="finance-search-kind">
        <Select id="finance-search-kind" value={kind} onChange={(e) => setKind(e.target.value as SearchableKind | "any")}>
          <option value="any">Any kind</option>
          {searchableKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" loading={busy} className="sm:mb-[1.375rem]">
        Open
      </Button>
    </form>
  );
}

function queryFor(kind: SearchableKind, id: string) {
  switch (kind) {
    case "transaction":
      return transactionQuery(id);
    case "bill":
      return billQuery(id);
    case "collection":
      return collectionQuery(id);
    case "card":
      // The first page is enough to know the card exists; the page then reuses the server's snapshot.
      return cardWindowQuery(id, DEFAULT_STATE, { generation: 0, refresh: false }, 0);
  }
}
