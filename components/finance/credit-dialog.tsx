"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Button, Dialog, DialogContent, DialogFooter, DialogTrigger, Field, Input } from "@/components/ui";
import { freshReference } from "@/lib/finance/reference";
import { collectionQuery, simulateCredit, type CreditRequest } from "@/lib/client/finance";
import { BffError } from "@/lib/client/fetcher";
import { creditSimulationRequestSchema, type CreditSimulationResponse } from "@/lib/schemas";

type Form = { amount: string; account_name: string; account_number: string; bank_code: string; bank_name: string; narration: string; reference: string };
const blank = (): Form => ({ amount: "", account_name: "", account_number: "", bank_code: "", bank_name: "", narration: "", reference: freshReference() });

const FIELDS: ReadonlyArray<[keyof Form, string, string]> = [
  ["account_name", "Sender account name", "sender.account_name"],
  ["account_number", "Sender account number", "sender.account_number"],
  ["bank_code", "Sender bank code", "sender.bank_code"],
  ["bank_name", "Sender bank name", "sender.bank_name"],
];

/** Sandbox only: the page does not render this in production, and the server refuses it there anyway. */
export function CreditDialog({ collectionId, accountNumber, currency }: { collectionId: string; accountNumber: string; currency: string | null }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<CreditSimulationResponse | null>(null);
  const inFlight = useRef(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: CreditRequest) => simulateCredit(accountNumber, body),
    onSuccess: (data) => {
      setResult(data);
      void queryClient.invalidateQueries({ queryKey: collectionQuery(collectionId).queryKey });
    },
    onError: (error) => {
      if (error instanceof BffError && error.field) setErrors({ [error.field]: error.message });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // A ref, not state: a double click fires twice before React re-renders the disabled button.
    if (inFlight.current) return;
    const { reference, narration, amount, ...sender } = form;
    // The text as typed ("1,000.50"): read as a decimal by the shared schema, never through Number().
    const parsed = creditSimulationRequestSchema.safeParse({ amount, sender: { ...sender, narration, reference } });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join(".")] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    inFlight.current = true;
    mutation.mutate(parsed.data);
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setForm(blank());
      setErrors({});
      setResult(null);
      mutation.reset();
    }
  }

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const err = (path: string) => errors[path];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary">Simulate incoming credit</Button>
      </DialogTrigger>
      <DialogContent title="Simulate incoming credit" description={`Sandbox only. Credits account ${accountNumber} as if a transfer arrived.`}>
        {result ? (
          <div role="status" className="space-y-2 text-sm">
            <p className="font-medium text-emerald-800">Credit simulated.</p>
            <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
              <dt className="text-slate-500">Transaction id</dt>
              <dd className="font-mono" data-testid="credit-id">{result.id}</dd>
              <dt className="text-slate-500">Message</dt>
              <dd>{result.message ?? "—"}</dd>
              <dt className="text-slate-500">Reference</dt>
              <dd className="font-mono">{result.reference ?? "—"}</dd>
            </dl>
            <DialogFooter>
              <Button onClick={() => setOpen(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <Field label={`Amount${currency ? ` (${currency})` : ""}`} htmlFor="credit-amount" error={err("amount")} required>
              <Input id="credit-amount" inputMode="decimal" value={form.amount} onChange={set("amount")} />
            </Field>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {FIELDS.map(([key, label, path]) => (
                <Field key={key} label={label} htmlFor={`credit-${key}`} error={err(path)} required>
                  <Input id={`credit-${key}`} value={form[key]} onChange={set(key)} />
                </Field>
              ))}
            </div>
            <Field label="Narration" htmlFor="credit-narration" error={err("sender.narration")} required>
              {/* One line: free text refuses control characters, newlines included. */}
              <Input id="credit-narration" value={form.narration} onChange={set("narration")} />
            </Field>
            <Field label="Reference" htmlFor="credit-reference" hint="One credit per reference: sending the same reference again returns the first result." error={err("sender.reference")} required>
              <Input id="credit-reference" value={form.reference} onChange={set("reference")} className="font-mono" />
            </Field>
            {mutation.isError && !(mutation.error instanceof BffError && mutation.error.field) ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {mutation.error instanceof BffError ? mutation.error.message : "The credit could not be simulated. Try again."}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="submit" loading={mutation.isPending}>
                Simulate credit
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
