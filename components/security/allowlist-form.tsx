"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Field, FormAlert, Textarea } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { allowlistQuery, securityApi } from "@/lib/client/security";
import type { Allowlist } from "@/lib/contracts/security";

// The address parser (ipaddr.js) is fetched once there is a range to check the member's address
// against: an empty list, the usual case, never needs it.
const loadCidr = () => import("@/lib/security/cidr");

/** The administrator's list of CIDR ranges every sign-in and request must come from. */
export function AllowlistForm() {
  const query = useQuery(allowlistQuery());
  const saved = query.data?.ranges.length ?? 0;
  const cidr = useModuleWhen(saved > 0, loadCidr);
  // A saved list is checked against the member's address before the form first shows, so the
  // warning is there on first paint rather than appearing under it. Once shown, the form stays
  // (a save that turns an empty list into one must not take its answer away).
  const [shown, setShown] = useState(false);
  const ready = !query.isPending && !(saved > 0 && !cidr);
  if (ready && !shown) setShown(true);
  if (query.isPending || !(ready || shown)) return <LoadingState label="Loading the address allowlist…" lines={3} />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  return <Form allowlist={query.data} />;
}

const entriesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

function Form({ allowlist }: { allowlist: Allowlist }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const [text, setText] = useState(allowlist.ranges.join("\n"));
  const save = useMutation({
    mutationFn: () => stepUp.run(() => securityApi.saveAllowlist(entriesOf(text))),
    onSuccess: (saved) => {
      client.setQueryData(allowlistQuery().queryKey, saved);
      setText(saved.ranges.join("\n"));
    },
  });
  const entries = entriesOf(text);
  const cidr = useModuleWhen(entries.length > 0, loadCidr);
  const leavesMeOut = entries.length > 0 && cidr !== null && !cidr.addressInRanges(allowlist.your_address, entries);

  return (
    <Card
      title="Address allowlist"
      description="When the list has ranges, sign-in and every page and request are refused from any other address (the health probes stay open). A change reaches every instance within 5 seconds."
    >
      <form
        className="space-y-4"
        data-testid="allowlist-settings"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <p className="text-sm text-slate-700">
          Your address: <code data-testid="your-address">{allowlist.your_address}</code>
        </p>
        <Field
          label="Allowed ranges"
          htmlFor="allowlist-ranges"
          hint="One CIDR range or address per line, IPv4 or IPv6: 203.0.113.0/24, 2001:db8::/32. Empty: no restriction."
        >
          <Textarea
            id="allowlist-ranges"
            name="ranges"
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            className="font-mono"
          />
        </Field>
        {leavesMeOut ? (
          <p role="alert" className="text-sm text-amber-800">
            Your address {allowlist.your_address} is not in these ranges: saving them would lock you out, so it will be refused.
          </p>
        ) : null}
        <p className="text-xs text-slate-600">
          {allowlist.updated_at ? (
            <>
              Last saved by {allowlist.updated_by ?? "an administrator"} <DateTime value={allowlist.updated_at} relative />.
            </>
          ) : (
            "Never saved: every address may sign in."
          )}
        </p>
        {save.error ? <FormAlert>{save.error.message}</FormAlert> : null}
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved.
          </p>
        ) : null}
        <Button type="submit" loading={save.isPending}>
          Save the allowlist
        </Button>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
