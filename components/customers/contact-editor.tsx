"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Button, Card, Dialog, DialogClose, DialogContent, DialogFooter, Field, Input } from "@/components/ui";
import { contactFieldErrors, contactUpdateSchema, type ContactUpdateInput } from "@/lib/customers/contact";
import { ACTIVITY_KEY } from "@/lib/client/activity";
import { customerContactQuery, updateContact } from "@/lib/client/customers";
import { BffError } from "@/lib/client/fetcher";
import { isErrorOf } from "@/lib/client/call";
import { postCustomerUpdate } from "@/lib/contracts/customers";
import { CurrentContact } from "./current-contact";

type FieldErrors = Partial<Record<"email" | "phone_number", string>>;

/**
 * Shows the details last saved here and sends only the new ones. While the
 * verification is pending it asks first, because an edit neither restarts nor speeds it up.
 */
export function ContactEditor({ customerId, pending, canEdit }: { customerId: string; pending: boolean; canEdit: boolean }) {
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const inFlight = useRef(false);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (input: ContactUpdateInput) => updateContact(customerId, input),
    onMutate: () => setFieldErrors({}),
    onError: (error) => {
      if (error instanceof BffError && (error.field === "email" || error.field === "phone_number")) setFieldErrors({ [error.field]: error.message });
      if (isErrorOf(postCustomerUpdate, error, "pending_verification_confirmation_required")) setConfirming(true);
    },
    onSuccess: () => {
      setEmail("");
      setPhone("");
    },
    onSettled: () => {
      inFlight.current = false;
      void queryClient.invalidateQueries({ queryKey: customerContactQuery(customerId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });

  function send(confirmPending: boolean) {
    // One request per submit, however often the button is pressed.
    if (inFlight.current) return;
    const input: ContactUpdateInput = { email, phone_number: phone, ...(confirmPending ? { confirm_pending: true } : {}) };
    const parsed = contactUpdateSchema.safeParse(input);
    if (!parsed.success) {
      setFieldErrors(contactFieldErrors(parsed.error));
      return;
    }
    setFieldErrors({});
    if (pending && !confirmPending) {
      setConfirming(true);
      return;
    }
    inFlight.current = true;
    setConfirming(false);
    save.mutate(input);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  if (!canEdit) {
    return (
      <Card title="Contact details" description="As last set through the back-office.">
        <div className="space-y-3">
          <CurrentContact customerId={customerId} />
          <p className="text-sm text-slate-600">Your role can view this customer but not change their contact details.</p>
        </div>
      </Card>
    );
  }

  return (
    <Card title="Contact details" description="As last set through the back-office. Enter a new email address, a new phone number, or both; blank fields are left unchanged.">
      <CurrentContact customerId={customerId} />
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-label="Edit contact details">
        {pending ? (
          <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            This customer&apos;s card verification is pending. Changing their details will not restart or speed up the verification.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email address" htmlFor="contact-email" error={fieldErrors.email}>
            <Input id="contact-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label="Phone number" htmlFor="contact-phone" hint="International form, e.g. +14155550123. Saved as E.164." error={fieldErrors.phone_number}>
            <Input id="contact-phone" type="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
        </div>
        <Button type="submit" loading={save.isPending}>
          Save contact details
        </Button>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800" data-testid="contact-result">
            {save.data.message}
          </p>
        ) : null}
        {save.isError && !(save.error instanceof BffError && (save.error.field === "email" || save.error.field === "phone_number")) ? (
          <p role="alert" className="text-sm text-red-700">
            {save.error instanceof BffError ? save.error.message : "The contact details could not be saved. Try again."}
          </p>
        ) : null}
      </form>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title="Verification is pending" description="Save the new contact details anyway?">
          <p className="text-sm text-slate-700">
            Changing the contact details will not restart or speed up the card verification, and no new verification will be submitted. Save only if the
            customer&apos;s details really changed.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => send(true)}>Save anyway</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
