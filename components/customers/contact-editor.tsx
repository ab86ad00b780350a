"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import type { ContactUpdateInput } from "@/lib/customers/contact";
import { ACTIVITY_KEY } from "@/lib/client/activity";
import { isErrorOf } from "@/lib/client/call";
import { customerContactQuery, updateContact } from "@/lib/client/customers";
import { CurrentContact } from "./current-contact";
import { postCustomerUpdate } from "@/lib/contracts/endpoints";

const blank = () => ({ email: "", phone_number: "", confirm_pending: false });

/**
 * Shows the details last saved here and sends only the new ones. While the
 * verification is pending it asks first, because an edit neither restarts nor speeds it up.
 */
export function ContactEditor({ customerId, pending, canEdit }: { customerId: string; pending: boolean; canEdit: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (input: ContactUpdateInput) => updateContact(customerId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: customerContactQuery(customerId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
    },
  });
  const form = useFormSubmit({
    initial: blank,
    // Loaded on the first submit, not with the customer page.
    schema: () => import("@/lib/customers/contact").then((m) => m.contactUpdateSchema),
    toInput: ({ confirm_pending, ...contact }) => (confirm_pending ? { ...contact, confirm_pending } : contact),
    fields: ["email", "phone_number"],
    mutation: save,
    fallbackMessage: "The contact details could not be saved. Try again.",
    beforeSend: (input) => {
      setConfirming(pending && !input.confirm_pending);
      return !pending || input.confirm_pending === true;
    },
    onError: (error) => {
      if (isErrorOf(postCustomerUpdate, error, "pending_verification_confirmation_required")) setConfirming(true);
    },
  });

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
    <Card
      title="Contact details"
      description="As last set through the back-office. Enter a new email address, a new phone number, or both; blank fields are left unchanged."
    >
      <CurrentContact customerId={customerId} />
      <form onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-label="Edit contact details">
        {pending ? (
          <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
            This customer&apos;s card verification is pending. Changing their details will not restart or speed up the verification.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Email address" htmlFor="contact-email" error={form.fieldErrors.email}>
            <Input id="contact-email" type="email" autoComplete="off" value={form.values.email} onChange={form.bind("email")} />
          </Field>
          <Field
            label="Phone number"
            htmlFor="contact-phone"
            hint="International form with the country code, e.g. +14155550123."
            error={form.fieldErrors.phone_number}
          >
            <Input id="contact-phone" type="tel" autoComplete="off" value={form.values.phone_number} onChange={form.bind("phone_number")} />
          </Field>
        </div>
        <Button type="submit" loading={form.pending}>
          Save contact details
        </Button>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800" data-testid="contact-result">
            {save.data.message}
          </p>
        ) : null}
        {form.formError ? (
          <p role="alert" className="text-sm text-red-700">
            {form.formError}
          </p>
        ) : null}
      </form>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title="Verification is pending" description="Save the new contact details anyway?">
          <p className="text-sm text-slate-700">
            Changing the contact details will not restart or speed up the card verification, and no new verification will be submitted. Save
            only if the customer&apos;s details really changed.
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button onClick={() => void form.send({ confirm_pending: true })}>Save anyway</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
