"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { LoadingState } from "@/components/ui/loading-state";
import { FormAlert } from "@/components/ui/field";
import { Person } from "@/components/ui/person";
import { type ApprovalAction, approvalActions, approvalCapability } from "@/lib/approvals/actions";
import { approvalSettingsQuery, approvalsApi } from "@/lib/client/approvals";
import { failureMessage } from "@/lib/client/fetcher";
import { queryView } from "@/lib/client/query-view";
import type { ApprovalSettings } from "@/lib/contracts/approvals";
import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { capabilities } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";

const WHO: Record<ApprovalAction, string> = Object.fromEntries(
  approvalActions.map((a) => [a, capabilities[approvalCapability[a]].map((r) => roleLabels[r]).join(" or ")]),
) as Record<ApprovalAction, string>;

/** The administrator's choice of actions that need a second member (four-eyes). */
export function ApprovalSettingsForm() {
  const query = useQuery(approvalSettingsQuery());
  const view = queryView(query);
  if (view.kind === "loading") return <LoadingState label="Loading the settings…" lines={3} />;
  if (view.kind === "error")
    return <QueryErrorState error={view.error} title="The approval settings could not be loaded" onRetry={() => void query.refetch()} />;
  // A failed re-read keeps the form and the boxes ticked in it; it only says so above it.
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={() => void query.refetch()} className="mb-4" />
      <Form settings={view.data} />
    </>
  );
}

function Form({ settings }: { settings: ApprovalSettings }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const [chosen, setChosen] = useState<Set<ApprovalAction>>(new Set(settings.required));
  const save = useMutation({
    mutationFn: () => stepUp.run(() => approvalsApi.saveSettings(approvalActions.filter((a) => chosen.has(a)))),
    onSuccess: (saved) => client.setQueryData(approvalSettingsQuery().queryKey, saved),
  });
  const { press, pending } = useOncePerPress(save);
  const toggle = (action: ApprovalAction, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(action);
      else next.delete(action);
      return next;
    });

  return (
    <Card
      title="Four-eyes approvals"
      description="A request for a chosen action does nothing at first: it waits on the home page of every other member with the same access, and runs only when one of them approves it (within 24 hours)."
    >
      <form
        className="space-y-4"
        data-testid="approval-settings"
        onSubmit={(event) => {
          event.preventDefault();
          press();
        }}
      >
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">Actions that need a second member</legend>
          {approvalActions.map((action) => (
            <label key={action} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4"
                name={action}
                checked={chosen.has(action)}
                onChange={(e) => toggle(action, e.target.checked)}
              />
              <span>
                <span className="block font-medium text-slate-900">{approvalActionLabels[action]}</span>
                <span className="block text-xs text-slate-600">Approved by another member ({WHO[action]})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-slate-600">
          {settings.updated_at ? (
            <>
              Last saved by <Person name={settings.updated_by ?? "an administrator"} /> <DateTime value={settings.updated_at} relative />.
            </>
          ) : (
            "Never saved here: the choice this back-office was started with applies."
          )}
        </p>
        {save.error ? <FormAlert>{failureMessage(save.error, "The settings could not be saved. Try again.")}</FormAlert> : null}
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved. It applies to the next request on every instance.
          </p>
        ) : null}
        <Button type="submit" loading={pending}>
          Save
        </Button>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
