"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { LoadFailed } from "@/components/ui/load-failed";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Field, FormAlert, Textarea } from "@/components/ui/field";
import { LoadingState } from "@/components/ui/loading-state";
import { Person } from "@/components/ui/person";
import { BffError } from "@/lib/client/fetcher";
import { queryView } from "@/lib/client/query-view";
import { allowlistQuery, securityApi } from "@/lib/client/security";
import type { Allowlist } from "@/lib/contracts/security";

// The address parser (ipaddr.js) is fetched once there is a range to check the member's address
// against: an empty list, the usual case, never needs it.
const loadCidr = () => import("@/lib/security/cidr");

/** The administrator's list of CIDR ranges every sign-in and request must come from. */
export function AllowlistForm() {
  const query = useQuery(allowlistQuery());
  const view = queryView(query);
  const saved = view.kind === "data" ? view.data.ranges.length : 0;
  const cidr = useModuleWhen(saved > 0, loadCidr);
  // A saved list is checked against the member's address before the form first shows, so the
  // warning is there on first paint rather than appearing under it. Once shown, the form stays
  // (a save that turns an empty list into one must not take its answer away; a failed re-read
  // must not take away what was typed: it only says so above the form).
  const [shown, setShown] = useState(false);
  // A parser that could not be fetched does not hold the form back: the form says so (and the server refuses a lock-out anyway).
  const ready = view.kind !== "loading" && !(saved > 0 && !cidr.module && !cidr.error);
  if (ready && !shown) setShown(true);
  if (view.kind === "loading" || !(ready || shown)) return <LoadingState label="Loading the address allowlist…" lines={3} />;
  if (view.kind === "error")
    return <QueryErrorState error={view.error} title="The address allowlist could not be loaded" onRetry={() => void query.refetch()} />;
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={() => void query.refetch()} className="mb-4" />
      <Form allowlist={view.data} />
    </>
  );
}

const entriesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

const FIELDS = ["ranges"] as const;
// The text as the list the request sends; each range's rule is the route's (its 400 names the entry).
const rangesSchema = () => import("@/lib/validation/zod").then(({ z }) => z.object({ ranges: z.string().transform(entriesOf) }));

/**
 * The server's refusal that belongs under the ranges: one naming the list (a list that would lock
 * the administrator out) or one of its entries by its place ("ranges.1", a malformed range). Null
 * for any other failure, which is the form's.
 */
export function rangesErrorOf(error: unknown): string | null {
  if (!(error instanceof BffError) || error.field === undefined) return null;
  return error.field === "ranges" || /^ranges\.\d+$/.test(error.field) ? error.message : null;
}

function Form({ allowlist }: { allowlist: Allowlist }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const save = useMutation({
    mutationFn: ({ ranges }: { ranges: string[] }) => stepUp.run(() => securityApi.saveAllowlist(ranges)),
    onSuccess: (saved) => client.setQueryData(allowlistQuery().queryKey, saved),
  });
  const form = useFormSubmit({
    initial: () => ({ ranges: allowlist.ranges.join("\n") }),
    schema: rangesSchema,
    fields: FIELDS,
    mutation: save,
    fallbackMessage: "The allowlist could not be saved. Try again.",
    // The list as the server keeps it (canonical, without repeats).
    onSuccess: (saved) => form.setValues({ ranges: saved.ranges.join("\n") }),
    onError: (error) => {
      // useFormSubmit has put a 400 naming "ranges" under the field; one naming an entry goes there too.
      const ranges = rangesErrorOf(error);
      if (ranges !== null) form.setErrors({ fields: { ranges }, form: null });
    },
  });
  const entries = entriesOf(form.values.ranges);
  const cidr = useModuleWhen(entries.length > 0, loadCidr);
  const leavesMeOut = entries.length > 0 && cidr.module !== null && !cidr.module.addressInRanges(allowlist.your_address, entries);

  return (
    <Card
      title="Address allowlist"
      description="When the list has ranges, sign-in and every page and request are refused from any other address (the health probes stay open). A change reaches every instance within 5 seconds."
    >
      <form className="space-y-4" data-testid="allowlist-settings" onSubmit={form.onSubmit}>
        <p className="text-sm text-slate-700">
          Your address: <code data-testid="your-address">{allowlist.your_address}</code>
        </p>
        <Field
          label="Allowed ranges"
          htmlFor="allowlist-ranges"
          hint="One CIDR range or address per line, IPv4 or IPv6: 203.0.113.0/24, 2001:db8::/32. Empty: no restriction."
          error={form.fieldErrors.ranges}
        >
          <Textarea
            id="allowlist-ranges"
            name="ranges"
            rows={5}
            value={form.values.ranges}
            onChange={form.bind("ranges")}
            spellCheck={false}
            className="font-mono"
          />
        </Field>
        {entries.length > 0 && cidr.error ? <LoadFailed onRetry={cidr.retry} /> : null}
        {leavesMeOut ? (
          <p role="alert" className="text-sm text-amber-800">
            Your address {allowlist.your_address} is not in these ranges: saving them would lock you out, so it will be refused.
          </p>
        ) : null}
        <p className="text-xs text-slate-600">
          {allowlist.updated_at ? (
            <>
              Last saved by <Person name={allowlist.updated_by ?? "an administrator"} /> <DateTime value={allowlist.updated_at} relative />.
            </>
          ) : (
            "Never saved: every address may sign in."
          )}
        </p>
        <FormAlert>{form.formError}</FormAlert>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved.
          </p>
        ) : null}
        <Button type="submit" loading={form.pending}>
          Save the allowlist
        </Button>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
