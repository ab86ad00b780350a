"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { kindLabels, normaliseSearchId, searchableKinds, type SearchableKind } from "@/lib/finance/objects";
import { resolveObjectHref } from "./open-by-id";
import { useQueryClient } from "@tanstack/react-query";

/**
 * One box for any id; with "Any kind" the reads are tried in order (see resolveObjectHref).
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
    setBusy(true);
    try {
      const outcome = await resolveObjectHref(queryClient, checked.id, kind);
      if ("href" in outcome) return router.push(outcome.href);
      setError(outcome.error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate role="search" className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
      <Field label="Id" htmlFor="finance-search-id" hint="A transaction, bill, collection account or card id." error={error}>
        <Input
          id="finance-search-id"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
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
      <Button type="submit" loading={busy} className="sm:mt-[1.625rem]">
        Open
      </Button>
    </form>
  );
}
