"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type RefObject } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { collectionQuery, simulateCredit, type CreditRequest } from "@/lib/client/finance";
import { minorUnitOf } from "@/lib/finance/credit-amount";
import type { CreditSimulationResponse } from "@/lib/schemas";
import { createUnsettledCredits } from "./credit-attempts";
import { blankCredit, CREDIT_FIELDS, creditAmountHint, creditedText, creditFormOf, creditInput, type CreditForm } from "./credit-form";

// The request's rules, loaded on the first submit rather than with the collection page.
const creditBody = () => import("@/lib/contracts/finance").then((m) => m.postCredit.body);

// A credit sent from this tab whose outcome is not known (a timeout, a lost answer), per account:
// the next opening starts with it, reference and all, so sending it again replays it, never a second credit.
const unsettled = createUnsettledCredits<CreditForm>();

const SENDER_FIELDS: ReadonlyArray<[keyof CreditForm, string, (typeof CREDIT_FIELDS)[number]]> = [
  ["account_name", "Sender account name", "sender.account_name"],
  ["account_number", "Sender account number", "sender.account_number"],
  ["bank_code", "Sender bank code", "sender.bank_code"],
  ["bank_name", "Sender bank name", "sender.bank_name"],
];

export type CreditDialogProps = { collectionId: string; accountNumber: string; currency: string | null };

/**
 * The dialog's body, fetched on the first press of the button (credit-dialog.tsx); a fresh one for
 * each opening, with a fresh reference only once the last credit's outcome is known (credit-attempts.ts).
 */
export function CreditDialogBody({
  collectionId,
  accountNumber,
  currency,
  open,
  onOpenChange,
  triggerRef,
}: CreditDialogProps & { open: boolean; onOpenChange: (open: boolean) => void; triggerRef: RefObject<HTMLElement | null> }) {
  const [result, setResult] = useState<(CreditSimulationResponse & { credited: string }) | null>(null);
  // Opened again after a credit whose outcome is not known: the form holds that credit.
  const [resumed] = useState(() => unsettled.get(accountNumber) !== undefined);
  const queryClient = useQueryClient();
  // The mutation's own callbacks: they run even when the page has been left meanwhile.
  const mutation = useMutation({
    mutationFn: (body: CreditRequest) => simulateCredit(accountNumber, body),
    onMutate: (body) => unsettled.sent(accountNumber, creditFormOf(body)),
    onError: (error) => unsettled.failed(accountNumber, error),
    onSuccess: (data, body) => {
      unsettled.succeeded(accountNumber);
      setResult({ ...data, credited: creditedText(body) });
      void queryClient.invalidateQueries({ queryKey: collectionQuery(collectionId).queryKey });
    },
  });
  const form = useFormSubmit({
    initial: () => unsettled.get(accountNumber) ?? blankCredit(),
    schema: creditBody,
    toInput: creditInput({ collectionId, currency }),
    fields: CREDIT_FIELDS,
    mutation,
    fallbackMessage: "The credit could not be simulated. Try again.",
  });

  return (
    // Not closed while the credit is on its way (Dialog's `pending`): its transaction id would be lost.
    <Dialog open={open} onOpenChange={onOpenChange} pending={form.pending} triggerRef={triggerRef}>
      <DialogContent
        title="Simulate incoming credit"
        description={`Sandbox only. Credits account ${accountNumber} as if a transfer arrived.`}
      >
        {result ? (
          <div role="status" className="space-y-2 text-sm">
            <p className="font-medium text-emerald-800">Credit simulated.</p>
            <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
              <dt className="text-slate-500">Transaction id</dt>
              <dd className="font-mono" data-testid="credit-id">
                {result.id}
              </dd>
              <dt className="text-slate-500">Credited</dt>
              <dd data-testid="credit-amount">
                {result.credited ? `${result.credited} to account ${accountNumber}` : (result.message ?? "—")}
              </dd>
              <dt className="text-slate-500">Reference</dt>
              <dd className="font-mono">{result.reference ?? "—"}</dd>
            </dl>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={form.onSubmit} noValidate className="space-y-4">
            <Field
              label={`Amount${currency ? ` (${currency})` : ""}`}
              htmlFor="credit-amount"
              hint={creditAmountHint(currency)}
              error={form.fieldErrors.amount}
              required
            >
              <Input
                id="credit-amount"
                inputMode={minorUnitOf(currency).digits === 0 ? "numeric" : "decimal"}
                value={form.values.amount}
                onChange={form.bind("amount")}
              />
            </Field>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {SENDER_FIELDS.map(([key, label, path]) => (
                <Field key={key} label={label} htmlFor={`credit-${key}`} error={form.fieldErrors[path]} required>
                  <Input id={`credit-${key}`} value={form.values[key]} onChange={form.bind(key)} />
                </Field>
              ))}
            </div>
            <Field label="Narration" htmlFor="credit-narration" error={form.fieldErrors["sender.narration"]} required>
              {/* One line: free text refuses control characters, newlines included. */}
              <Input id="credit-narration" value={form.values.narration} onChange={form.bind("narration")} />
            </Field>
            <Field
              label="Reference"
              htmlFor="credit-reference"
              hint={
                resumed
                  ? "The last credit sent with this reference got no definite answer: sending it again returns that credit's outcome, never a second credit."
                  : "One credit per reference: sending the same reference again returns the first result."
              }
              error={form.fieldErrors["sender.reference"]}
              required
            >
              <Input id="credit-reference" value={form.values.reference} onChange={form.bind("reference")} className="font-mono" />
            </Field>
            <FormAlert>{form.formError}</FormAlert>
            <DialogFooter>
              <Button type="submit" loading={form.pending}>
                Simulate credit
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
