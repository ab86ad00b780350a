"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { FormAlert, Textarea } from "@/components/ui/field";
import { type Approval, approvalCapability } from "@/lib/approvals/actions";
import { approvalsApi } from "@/lib/client/approvals";
import { BffError } from "@/lib/client/fetcher";
import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { approvalStatusLabels } from "@/lib/approvals/status-labels";
import { can, type Role } from "@/lib/permissions";
import { ApprovalOutcome } from "./approval-outcome";

const TONES: Record<Approval["status"], "neutral" | "info" | "success" | "warning" | "danger"> = {
  pending: "warning",
  executing: "info",
  approved: "info",
  executed: "success",
  failed: "danger",
  unknown: "danger",
  declined: "neutral",
  cancelled: "neutral",
  expired: "neutral",
};

/** One request of the queue and what this member may do about it; fetched once the queue has a request. */
export function ApprovalRow({ approval, me }: { approval: Approval; me: { id: string; role: Role } }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const refresh = () => void client.invalidateQueries({ queryKey: ["approvals"] });
  const approve = useMutation({ mutationFn: () => stepUp.run(() => approvalsApi.approve(approval.id)), onSettled: refresh });
  const decline = useMutation({
    mutationFn: () => approvalsApi.decline(approval.id, reason),
    onSuccess: () => setDeclining(false),
    onSettled: refresh,
  });
  const cancel = useMutation({ mutationFn: () => approvalsApi.cancel(approval.id), onSettled: refresh });
  const mine = approval.requested_by.id === me.id;
  const pending = approval.status === "pending";
  const mayDecide = pending && !mine && can(me.role, approvalCapability[approval.action]);
  const failure = [approve.error, decline.error, cancel.error].find((e): e is Error => e instanceof Error);

  return (
    <li className="space-y-2 px-5 py-3 text-sm" data-testid="approval-row" data-status={approval.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{approval.summary}</p>
          <p className="text-xs text-slate-600">
            {approvalActionLabels[approval.action] ?? approval.action} · asked by {mine ? "you" : approval.requested_by.name}{" "}
            <DateTime value={approval.requested_at} relative />
            {pending ? (
              <>
                {" "}
                · expires <DateTime value={approval.expires_at} relative />
              </>
            ) : null}
          </p>
          {approval.decided_by ? (
            <p className="text-xs text-slate-600">
              {approval.status === "declined" ? "Declined" : approval.status === "cancelled" ? "Withdrawn" : "Approved"} by{" "}
              {approval.decided_by.name}
              {approval.reason ? ` — “${approval.reason}”` : ""}
              {approval.result?.code ? ` · answered ${approval.result.code}` : ""}
            </p>
          ) : null}
        </div>
        <Badge tone={TONES[approval.status]}>{approvalStatusLabels[approval.status] ?? approval.status}</Badge>
      </div>
      {mayDecide && !declining ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={approve.isPending} onClick={() => approve.mutate()} aria-label={`Approve: ${approval.summary}`}>
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeclining(true)} aria-label={`Decline: ${approval.summary}`}>
            Decline
          </Button>
        </div>
      ) : null}
      {mayDecide && declining ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            decline.mutate();
          }}
        >
          <label className="block text-xs font-medium text-slate-700" htmlFor={`decline-${approval.id}`}>
            Why decline? (the requester sees it)
          </label>
          <Textarea
            id={`decline-${approval.id}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={2}
            required
          />
          <div className="flex gap-2">
            <Button size="sm" type="submit" variant="danger" loading={decline.isPending}>
              Decline
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeclining(false)}>
              Keep it
            </Button>
          </div>
        </form>
      ) : null}
      {mine && pending ? (
        <Button
          size="sm"
          variant="secondary"
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
          aria-label={`Cancel my request: ${approval.summary}`}
        >
          Cancel request
        </Button>
      ) : null}
      {approve.isSuccess ? <ApprovalOutcome approval={approval} answer={approve.data} /> : null}
      {failure ? (
        <FormAlert>
          {failure instanceof BffError ? failure.message : "The back-office answered unexpectedly. Refresh the list before trying again."}
        </FormAlert>
      ) : null}
      {stepUp.dialog}
    </li>
  );
}
