"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type RefObject } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { ACTIVITY_KEY } from "@/lib/client/activity";
import { issuedCardsQuery } from "@/lib/client/cards";
import { newIdempotencyKey, recentIssuanceOf, requestCard } from "@/lib/client/create-card";
import { verificationQuery } from "@/lib/client/customers";
import { BffError } from "@/lib/client/fetcher";
import type { CreateCardAnswer, IssuedCard } from "@/lib/contracts/cards";
import { CardErrorNotice } from "./card-error-notice";

export type CreateCardDialogProps = {
  customerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  onAnswer: (answer: CreateCardAnswer) => void;
};

/**
 * The confirmation, its mutation and step-up: fetched on the first press of "Create card…", not
 * with the customer page. Mounted afresh for each opening, so each opening is a new intent (key).
 */
export function CreateCardDialog({ customerId, open, onOpenChange, triggerRef, onAnswer }: CreateCardDialogProps) {
  const queryClient = useQueryClient();
  // The intent: made when the dialog opens, so a double click or a retry after a network error is one card.
  const [key, setKey] = useState(newIdempotencyKey);
  const [warning, setWarning] = useState<IssuedCard | null>(null);

  const stepUp = useStepUp();
  const create = useMutation({
    mutationFn: (acknowledge: IssuedCard | null) => stepUp.run(() => requestCard({ customerId, key, acknowledge })),
    onSuccess: (result) => {
      onAnswer(result);
      onOpenChange(false);
      if (result.kind === "verification_pending") queryClient.setQueryData(verificationQuery(customerId).queryKey, result.view);
    },
    onError: (error) => {
      const recent = recentIssuanceOf(error);
      if (recent) setWarning(recent);
      // An answered request ended its intent; only a request that got no answer is retried as the same one.
      if (!(error instanceof BffError && error.status === 0)) setKey(newIdempotencyKey());
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: issuedCardsQuery(customerId).queryKey });
      // The attempt is on the timeline (issued or failed), so staff see it without reloading.
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });

  // One request per press: a double click is one card, held until the answer.
  const { press: submit, pending } = useOncePerPress(create);

  const showError = create.isError && recentIssuanceOf(create.error) === undefined;

  return (
    // Not closed while the request is on its way (Dialog's `pending`): its answer is the card's.
    <Dialog open={open} onOpenChange={onOpenChange} pending={pending} triggerRef={triggerRef}>
      <DialogContent
        title={warning ? "A card was recently issued" : "Create a card for this customer?"}
        description={
          warning ? "Check with the customer before issuing a second card." : "This issues a real card and cannot be undone here."
        }
      >
        {warning ? (
          <RecentIssuanceWarning issuance={warning} />
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>A US dollar card is issued to customer {customerId}.</li>
            <li>The business wallet may be debited for the card.</li>
            <li>Approval permits the attempt; issuance can still fail.</li>
          </ul>
        )}
        {showError ? (
          <div className="mt-4">
            <CardErrorNotice error={create.error} />
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          {warning ? (
            <Button variant="danger" onClick={() => submit(warning)} loading={pending}>
              Issue another card
            </Button>
          ) : (
            <Button onClick={() => submit(null)} loading={pending}>
              Create card
            </Button>
          )}
        </DialogFooter>
        {stepUp.dialog}
      </DialogContent>
    </Dialog>
  );
}

function RecentIssuanceWarning({ issuance }: { issuance: IssuedCard }) {
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="card-recently-issued"
    >
      <p className="font-medium">
        {issuance.outcome === "issued" ? (
          <>
            Card <span className="font-mono">{issuance.card_id}</span>
            {issuance.card_last4 ? ` (ending ${issuance.card_last4})` : ""} was issued to this customer
          </>
        ) : (
          "An earlier attempt's outcome is unknown (the payments API did not confirm it): a card may exist"
        )}
      </p>
      <dl className="grid grid-cols-[4rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-amber-800">By</dt>
        <dd className="min-w-0 break-words">
          {issuance.staff_name} <span className="text-amber-800">({issuance.staff_email})</span>
        </dd>
        <dt className="text-amber-800">When</dt>
        <dd>
          <DateTime value={issuance.issued_at} relative /> · <DateTime value={issuance.issued_at} />
        </dd>
      </dl>
      <p>One customer normally gets one card per decision. Issue another only if the customer needs a second card.</p>
    </div>
  );
}
