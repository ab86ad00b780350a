"use client";

import { approvalPendingOf } from "@/components/approvals/approval-pending-notice";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { DescriptionItem, DescriptionList } from "@/components/ui/description-list";
import { ErrorState } from "@/components/ui/error-state";
import { Field, Input } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { bvnApi } from "@/lib/client/bvn";
import { failureMessage } from "@/lib/client/fetcher";
import { formatCalendarDate } from "@/lib/format/dates";
import type { BvnRecord } from "@/lib/schemas/bvn";
import { BVN_PATTERN } from "@/lib/validation/bvn-pattern";
import { TryThis } from "@/components/sandbox/try-this";
import type { TryThisLine } from "@/lib/sandbox/first-steps";
import { BVN_GROUPS } from "./bvn-fields";

const FALLBACK = "Something went wrong. Try again.";
// The request's rules load on the first lookup, not with the page.
const lookupBody = () => import("@/lib/contracts/compliance").then((m) => m.postBvnLookup.body);
const blank = () => ({ number: "", purpose: "" });

/** `tryThis`: the sandbox's seed numbers to type (null against production). */
export function BvnLookup({ tryThis = null }: { tryThis?: TryThisLine | null }) {
  const recent = useMutation({ mutationFn: bvnApi.recent });
  const lookup = useMutation({ mutationFn: bvnApi.lookup });
  const stepUp = useStepUp();
  const [showFull, setShowFull] = useState(false);
  const reveal = useMutation({
    mutationFn: (lookupId: string) => stepUp.run(() => bvnApi.reveal(lookupId)),
    onSuccess: () => setShowFull(true),
  });
  // A reveal is audited, and under four-eyes each press would queue a request: one per press.
  const revealPress = useOncePerPress(reveal);
  // Each lookup is billed and audited: one request per press, held from the press (while the rules
  // load) until the answer, with the button busy from the first press (use-form-submit.ts).
  const form = useFormSubmit({
    initial: blank,
    schema: lookupBody,
    fields: ["number", "purpose"],
    mutation: lookup,
    fallbackMessage: FALLBACK,
    beforeSend: () => {
      setShowFull(false);
      reveal.reset();
      return true;
    },
    // The number leaves the page once it has been used (the values go back to blank): the result shows
    // it masked, revealed only on request. The purpose goes too: the next lookup is for the next case,
    // and a stale reference would be audited against it.
    onSuccess: () => recent.reset(),
  });
  const { number, purpose } = form.values;

  function onNumberChange(value: string) {
    form.setValues((v) => ({ ...v, number: value }));
    // The recent-lookups check is its own request, made before the staff member decides to look up.
    if (BVN_PATTERN.test(value.trim())) recent.mutate(value.trim());
    else recent.reset();
  }

  const result = lookup.data;
  // Full values only of this result: a reveal still answering for the previous lookup shows nothing of it.
  const full = showFull && reveal.data !== undefined && reveal.data.lookupId === result?.lookupId;
  const record: BvnRecord | undefined = full ? reveal.data?.record : result?.record;

  return (
    <div className="space-y-6">
      {stepUp.dialog}
      <PageHeader title="BVN lookup" subtitle="Each lookup is billed and audited with its purpose." />
      <Card title="Look up a BVN">
        {/* method=post and no input names: even before scripts load, the BVN can never land in a URL. */}
        <form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
          <Field label="BVN" htmlFor="bvn-number" hint="11 digits" error={form.fieldErrors.number} required>
            <Input
              id="bvn-number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              value={number}
              onChange={(e) => onNumberChange(e.target.value)}
            />
          </Field>
          <TryThis line={tryThis} onPick={onNumberChange} />
          {recent.data && recent.data.lookups.length > 0 ? (
            <div role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              This BVN was looked up in the last {recent.data.windowHours} hours:
              <ul className="mt-1 list-disc pl-5">
                {recent.data.lookups.map((l) => (
                  <li key={l.at}>
                    {l.staffEmail ?? "unknown staff"} — <DateTime value={l.at} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Field
            label="Purpose or case reference"
            htmlFor="bvn-purpose"
            hint="3–200 characters on one line; recorded in the audit trail"
            error={form.fieldErrors.purpose}
            required
          >
            <Input id="bvn-purpose" autoComplete="off" maxLength={200} value={purpose} onChange={form.bind("purpose")} />
          </Field>
          <Button type="submit" loading={form.pending}>
            Look up
          </Button>
        </form>
      </Card>
      {/* A refusal naming a field is shown under it; any other (or the rules that could not be fetched) here. */}
      {form.formError ? <ErrorState title="The lookup did not succeed" message={form.formError} /> : null}
      {result && record ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={full ? "warning" : "neutral"}>{full ? "Full values shown" : "Masked"}</Badge>
            {full ? (
              <Button variant="secondary" size="sm" onClick={() => setShowFull(false)}>
                Hide
              </Button>
            ) : (
              <Button variant="secondary" size="sm" loading={revealPress.pending} onClick={() => revealPress.press(result.lookupId)}>
                Reveal
              </Button>
            )}
            <span className="text-xs text-slate-500">
              Full values can be revealed until <DateTime value={result.expiresAt} />
            </span>
          </div>
          {reveal.isError ? <RevealFailure error={reveal.error} /> : null}
          {BVN_GROUPS.map((group) => (
            <Card key={group.title} title={group.title}>
              <DescriptionList>
                {group.fields.map((f) => (
                  <DescriptionItem
                    key={f.key}
                    label={f.label}
                    value={f.date ? formatCalendarDate(record[f.key]) : record[f.key]}
                    mono={f.mono}
                    wide={f.wide}
                  />
                ))}
              </DescriptionList>
            </Card>
          ))}
        </>
      ) : null}
    </div>
  );
}

/** A reveal that showed nothing: sent for approval (bvn.reveal under four-eyes, not a failure), or refused. */
export function RevealFailure({ error }: { error: unknown }) {
  return approvalPendingOf(error) ?? <ErrorState title="Could not reveal" message={failureMessage(error, FALLBACK)} />;
}
