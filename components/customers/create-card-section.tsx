"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui";
import { canOfferCardCreation, panelState } from "@/lib/customers/verification-states";
import { createCardAnswerSchema, type CreateCardAnswer, type VerificationView } from "@/lib/customers/verification-view";
import { bffFetch } from "@/lib/query/fetcher";
import { verificationQuery } from "@/lib/query/customers";
import { bffErrorNotice } from "./error-notice";

/** A separate step from verification: approval permits an attempt, it does not issue a card. */
export function CreateCardSection({ view, canCreate }: { view: VerificationView; canCreate: boolean }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<CreateCardAnswer | null>(null);
  const state = panelState(view);
  const offered = canOfferCardCreation(state);

  const create = useMutation({
    mutationFn: () => bffFetch("/api/v1/cards", createCardAnswerSchema, { method: "POST", body: { customer_id: view.customer_id } }),
    onSuccess: (result) => {
      setAnswer(result);
      setOpen(false);
      if (result.kind === "verification_pending") queryClient.setQueryData(verificationQuery(view.customer_id).queryKey, result.view);
    },
  });

  return (
    <Card title="Create card" description="Issues a DEFAULT USD card. A separate step, taken only after verification permits it.">
      <div className="space-y-3" data-testid="create-card-section">
        {state === "verified_at_issuance" ? (
          <p className="text-sm text-slate-700">This customer is verified when the card is created; no document verification is needed first.</p>
        ) : offered ? (
          <p className="text-sm text-slate-700">Verification permits an issuance attempt. It can still fail, for example if the wallet does not have enough funds.</p>
        ) : (
          <p className="text-sm text-slate-600">Available once the verification above shows Approved.</p>
        )}
        {canCreate ? (
          <Dialog
            open={open}
            onOpenChange={(next) => {
              if (!create.isPending) setOpen(next);
            }}
          >
            <DialogTrigger asChild>
              <Button disabled={!offered} onClick={() => create.reset()}>
                Create card…
              </Button>
            </DialogTrigger>
            <DialogContent title="Create a card for this customer?" description="This issues a real card and cannot be undone here.">
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>A DEFAULT USD card is issued to customer {view.customer_id}.</li>
                <li>The business wallet may be debited for the card.</li>
                <li>Approval permits the attempt; issuance can still fail.</li>
              </ul>
              {create.isError ? <div className="mt-4">{bffErrorNotice(create.error)}</div> : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="secondary" disabled={create.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button onClick={() => create.mutate()} loading={create.isPending}>
                  Create card
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        ) : (
          <p className="text-xs text-slate-500">Your role cannot create cards.</p>
        )}
        {answer?.kind === "card" ? (
          <p role="status" className="text-sm text-emerald-800" data-testid="card-result">
            Card {answer.card.id} created{answer.card.last4 ? ` (ending ${answer.card.last4})` : ""}.
          </p>
        ) : null}
        {answer?.kind === "verification_pending" ? (
          <p role="status" className="text-sm font-medium text-amber-800" data-testid="card-result">
            {answer.message}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
