"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { useTimeZone } from "@/components/shell/time-zone";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";
import { failureMessage } from "@/lib/client/fetcher";
import { preferencesApi } from "@/lib/client/preferences";
import { zoneLabel } from "@/lib/time/zone";

const BROWSER = "";

/**
 * The member's time zone: one of the zones the server knows, or the browser's. The search box
 * narrows the long list; the list itself is a native select, so typing a name jumps to it too.
 */
export function TimeZoneForm({ zones }: { zones: readonly string[] }) {
  const router = useRouter();
  const { stored, browser, setStored } = useTimeZone();
  const [choice, setChoice] = useState<string>(stored ?? BROWSER);
  const [search, setSearch] = useState("");
  const statusId = useId();
  const mutation = useMutation({
    mutationFn: preferencesApi.update,
    onSuccess: (saved) => {
      setStored(saved.timeZone);
      // Server-rendered pages (the audit trail) read the saved zone too.
      router.refresh();
    },
  });
  // isPending changes only after a re-render: a double click would send twice.
  const { press, pending } = useOncePerPress(mutation);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase().replace(/\s+/g, "_");
    // Found by the name staff know (Kolkata) as well as the one the runtime lists (Calcutta).
    const matching = needle ? zones.filter((z) => `${z} ${zoneLabel(z)}`.toLowerCase().includes(needle)) : zones;
    // The current choice stays selectable whatever the search says.
    return choice && !matching.includes(choice) ? [choice, ...matching] : matching;
  }, [zones, search, choice]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    press({ timeZone: choice === BROWSER ? null : choice });
  }

  const error = mutation.error ? failureMessage(mutation.error, "The time zone could not be saved. Try again.") : null;
  const saved = mutation.isSuccess ? mutation.data.timeZone : undefined;
  return (
    <Card
      title={<span id="time-zone">Time zone</span>}
      description="Every date and time in the back-office, the date filters and the CSV exports use this zone."
    >
      <form onSubmit={onSubmit} className="max-w-xl space-y-4" aria-describedby={statusId}>
        <Field label="Search zones" htmlFor="time-zone-search" hint="Part of a city or region, such as Lagos or New_York.">
          <Input
            id="time-zone-search"
            type="search"
            value={search}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setSearch(e.target.value)}
          />
        </Field>
        <Field label="Zone" htmlFor="time-zone-choice" hint={`${shown.length} of ${zones.length} zones listed.`}>
          <Select
            id="time-zone-choice"
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              mutation.reset();
            }}
          >
            <option value={BROWSER}>Use my browser’s zone ({browser ? zoneLabel(browser) : "…"})</option>
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </Select>
        </Field>
        <div id={statusId}>
          <FormAlert>{error}</FormAlert>
          {saved !== undefined ? (
            <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm break-words text-emerald-900">
              Saved. Dates are now shown in {saved ? zoneLabel(saved) : `your browser’s zone (${browser ? zoneLabel(browser) : "UTC"})`}.
            </p>
          ) : null}
        </div>
        <Button type="submit" loading={pending}>
          Save
        </Button>
      </form>
    </Card>
  );
}
