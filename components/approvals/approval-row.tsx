"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { Field, FormAlert, Textarea } from "@/components/ui/field";
import { Person } from "@/components/ui/person";
import { type Approval, approvalCapability } from "@/lib/approvals/actions";
import { approvalsApi } from "@/lib/client/approvals";
import { failureMessage } from "@/lib/client/fetcher";
import { approvalActionLabels } from "@/lib/approvals/action-labels";
import { approvalStatusLabels } from "@/lib/approvals/status-labels";
import { can, type Role } from "@/lib/permissions";
import { ApprovalOutcome } from "./approval-outcome";

const TONES: Record<Approval["status"], "neutral" | "info" | "success" | "warning" | "danger"> = {
  pending: "warning",
  executing: "info",
  approved: "info",
  in_use: "info",
  executed: "success",
  failed: "danger",
  unknown: "danger",
  declined: "neutral",
  cancelled: "neutral",
  expired: "neutral",
};

const UNEXPECTED = "The back-office answered unexpectedly. Refresh the list before trying again.";
/** The decline form's one field, named as the route's 400 names it. */
export const DECLINE_FIELDS = ["reason"] as const;
// The route's own rule for the reason, loaded on the first decline: the queue opens without the schema library.
const declineSchema = () =>
  Promise.all([import("@/lib/validation/zod"), import("@/lib/validation/text-schemas")]).then(([{ z }, { freeText }]) =>
    z.object({ reason: freeText("reason", { min: 1, max: 500 }) }),
  );

type Props = {
  approval: Approval;
  me: { id: string; role: Role };
  /**
   * The answer of this member's approval, held by the queue (approvals-queue.tsx): a reset's one-time
   * password stays on screen whatever the list's next read does, even once the request leaves the list.
   */
  approved?: { answer: unknown };
  onApproved?: (answer: unknown) => void;
};

/** One request of the queue and what this member may do about it; fetched once the queue has a request. */
export function ApprovalRow({ approval, me, approved, onApproved }: Props) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const [declining, setDeclining] = useState(false);
  const refresh = () => void client.invalidateQueries({ queryKey: ["approvals"] });
  const approve = useMutation({
    mutationFn: () => stepUp.run(() => approvalsApi.approve(approval.id)),
    onSuccess: (answer) => onApproved?.(answer),
    onSettled: refresh,
  });
  const approvePress = useOncePerPress(approve);
  const decline = useMutation({
    mutationFn: ({ reason }: { reason: string }) => approvalsApi.decline(approval.id, reason),
    onSuccess: () => setDeclining(false),
    onSettled: refresh,
  });
  // A 400 naming the reason lands under it; any other refusal on the row, as an approval's does.
  const declineForm = useFormSubmit({
    initial: () => ({ reason: "" }),
    schema: declineSchema,
    fields: DECLINE_FIELDS,
    mutation: decline,
    fallbackMessage: UNEXPECTED,
  });
  const cancel = useMutation({ mutationFn: () => approvalsApi.cancel(approval.id), onSettled: refresh });
  const cancelPress = useOncePerPress(cancel);
  const mine = approval.requested_by.id === me.id;
  const pending = approval.status === "pending";
  const mayDecide = pending && !mine && can(me.role, approvalCapability[approval.action]);
  const failure = [approve.error, cancel.error].find((e): e is Error => e instanceof Error);
  const failureText = failure ? failureMessage(failure, UNEXPECTED) : declineForm.formError;
  const outcome = approved ?? (approve.isSuccess ? { answer: approve.data } : undefined);

  return (
    <li className="space-y-2 px-5 py-3 text-sm" data-testid="approval-row" data-status={approval.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{approval.summary}</p>
          <p className="text-xs text-slate-600">
            {approvalActionLabels[approval.action] ?? approval.action} · asked by {mine ? "you" : <Person {...approval.requested_by} />}{" "}
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
              <Person {...approval.decided_by} />
              {approval.reason ? ` — “${approval.reason}”` : ""}
              {approval.result?.code ? ` · answered ${approval.result.code}` : ""}
            </p>
          ) : null}
        </div>
        <Badge tone={TONES[approval.status]}>{approvalStatusLabels[approval.status] ?? approval.status}</Badge>
      </div>
      {mayDecide && !declining ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" loading={approvePress.pending} onClick={() => approvePress.press()} aria-label={`Approve: ${approval.summary}`}>
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeclining(true)} aria-label={`Decline: ${approval.summary}`}>
            Decline
          </Button>
        </div>
      ) : null}
      {mayDecide && declining ? (
        <form className="space-y-2" onSubmit={declineForm.onSubmit}>
          <Field
            label="Why decline? (the requester sees it)"
            htmlFor={`decline-${approval.id}`}
            error={declineForm.fieldErrors.reason}
            required
          >
            <Textarea
              id={`decline-${approval.id}`}
              name="reason"
              value={declineForm.values.reason}
              onChange={declineForm.bind("reason")}
              maxLength={500}
              rows={2}
              required
            />
          </Field>
          <div className="flex gap-2">
            <Button size="sm" type="submit" variant="danger" loading={declineForm.pending}>
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
          loading={cancelPress.pending}
          onClick={() => cancelPress.press()}
          aria-label={`Cancel my request: ${approval.summary}`}
        >
          Cancel request
        </Button>
      ) : null}
      {outcome ? <ApprovalOutcome approval={approval} answer={outcome.answer} /> : null}
      <FormAlert>{failureText}</FormAlert>
      {stepUp.dialog}
    </li>
  );
}
