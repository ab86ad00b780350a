"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, DateTime, DescriptionItem, DescriptionList } from "@/components/ui";
import { canOfferSubmit, panelState, STATE_DESCRIPTIONS } from "@/lib/customers/verification-states";
import { submitResultSchema, type SubmitResult, type VerificationView } from "@/lib/customers/verification-view";
import { bffFetch } from "@/lib/query/fetcher";
import { refreshVerification, verificationQuery } from "@/lib/query/customers";
import { bffErrorNotice, ErrorNotice } from "./error-notice";
import { useNow } from "./use-now";

const SUBMIT_MESSAGES: Record<SubmitResult["outcome"], string> = {
  pending: "Submitted. Document verification has started; the decision will appear here.",
  approval_reused: "The existing approval was reused; nothing new was started.",
  already_pending: "A verification is already pending. Nothing was sent.",
  status: "The payments API answered with the status shown.",
};

const SOURCES = { check: "status check", submit: "submission", webhook: "verification decision (webhook)", card: "card creation attempt" } as const;

export function VerificationPanel({ view, canSubmit }: { view: VerificationView; canSubmit: boolean }) {
  const queryClient = useQueryClient();
  const key = verificationQuery(view.customer_id).queryKey;
  const state = panelState(view);
  const description = STATE_DESCRIPTIONS[state];
  const now = useNow();
  const refreshAt = view.next_refresh_at ? Date.parse(view.next_refresh_at) : null;
  const waiting = refreshAt !== null && refreshAt > now;
  const [submitNote, setSubmitNote] = useState<string | null>(null);

  const refresh = useMutation({
    mutationFn: () => refreshVerification(view.customer_id),
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  const submit = useMutation({
    mutationFn: () => bffFetch(`/api/v1/customers/${encodeURIComponent(view.customer_id)}/card-verification`, submitResultSchema, { method: "POST" }),
    onSuccess: (result) => {
      setSubmitNote(SUBMIT_MESSAGES[result.outcome]);
      queryClient.setQueryData(key, result.view);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  return (
    <Card title="Card verification" description="The status shared by all staff; checked with the payments API at most once a minute per customer.">
      <div className="space-y-4" data-testid="verification-panel" data-state={state}>
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone={description.tone} data-testid="verification-badge">
            {description.label}
          </Badge>
          {view.status ? <span className="font-mono text-xs text-slate-500">status {view.status}, can_create_card {String(view.can_create_card)}</span> : null}
        </div>
        <p className="text-sm text-slate-700">{description.meaning}</p>
        <p className="text-sm font-medium text-slate-800">Next step: {description.next}</p>
        {view.last_error ? <ErrorNotice status={503} error={view.last_error} /> : null}
        <DescriptionList>
          <DescriptionItem label="Last checked" value={<DateTime value={view.checked_at} />} />
          <DescriptionItem label="Next check possible" value={view.next_refresh_at && waiting ? <DateTime value={view.next_refresh_at} /> : "Now"} />
          <DescriptionItem label="Status last changed" value={<DateTime value={view.status_updated_at} />} />
          <DescriptionItem label="Learned from" value={view.source ? SOURCES[view.source] : "—"} />
        </DescriptionList>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => refresh.mutate()} disabled={waiting} loading={refresh.isPending}>
            {waiting ? "Refresh available at next check time" : "Refresh status"}
          </Button>
          {canSubmit && !view.verified_at_issuance ? (
            <Button
              onClick={() => {
                setSubmitNote(null);
                submit.mutate();
              }}
              disabled={!canOfferSubmit(state) || submit.isPending}
              loading={submit.isPending}
            >
              {state === "pending" ? "Verification pending" : "Submit for verification"}
            </Button>
          ) : null}
        </div>
        {!canSubmit ? <p className="text-xs text-slate-500">Your role can view the verification but not submit it.</p> : null}
        {refresh.isError ? bffErrorNotice(refresh.error) : null}
        {submit.isError ? bffErrorNotice(submit.error) : null}
        {submitNote ? (
          <p role="status" className="text-sm text-slate-700" data-testid="submit-result">
            {submitNote}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
