"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import type { CreateCardAnswer } from "@/lib/contracts/cards";
import { canOfferCardCreation, panelState } from "@/lib/customers/verification-states";
import type { VerificationView } from "@/lib/contracts/customers";

// The confirmation, its mutation and step-up are fetched on the first press, not with the customer
// page: the page draws the section the same, and most visits create no card.
const CreateCardDialog = lazyPart(() => import("./create-card-dialog"), "CreateCardDialog", "floating");

/** A separate step from verification: approval permits an attempt, it does not issue a card. */
export function CreateCardSection({ view, canCreate }: { view: VerificationView; canCreate: boolean }) {
  const [answer, setAnswer] = useState<CreateCardAnswer | null>(null);
  const { wanted, session, dialog, trigger } = useDialogOnUse();
  const state = panelState(view);
  const offered = canOfferCardCreation(state);

  return (
    <Card title="Create card" description="Issues a US dollar card. A separate step, taken only after verification permits it.">
      <div className="space-y-3" data-testid="create-card-section">
        {state === "verified_at_issuance" ? (
          <p className="text-sm text-slate-700">
            This customer is verified when the card is created; no document verification is needed first.
          </p>
        ) : offered ? (
          <p className="text-sm text-slate-700">
            Verification permits an issuance attempt. It can still fail, for example if the wallet does not have enough funds.
          </p>
        ) : (
          <p className="text-sm text-slate-600">Available once the verification above shows Approved.</p>
        )}
        {canCreate ? (
          <>
            <Button disabled={!offered} {...trigger}>
              Create card…
            </Button>
            {wanted ? <CreateCardDialog key={session} customerId={view.customer_id} onAnswer={setAnswer} {...dialog} /> : null}
          </>
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
