"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import type { ContactUpdateInput } from "@/lib/customers/contact";
import { ACTIVITY_KEY } from "@/lib/client/activity";
import { isErrorOf } from "@/lib/client/call";
import { customerContactQuery, updateContact } from "@/lib/client/customers";
import { postCustomerUpdate } from "@/lib/contracts/endpoints/customers";
import { blankContact, ContactFields, type ContactValues } from "./contact-fields";

export type ContactFormProps = {
  customerId: string;
  pending: boolean;
  /** The values of the submit that fetched this form: sent as it mounts, so that one press saves. */
  start: ContactValues | null;
  /** The element that had focus at that submit, given it back once this form has replaced the drawn one. */
  focusId: string | null;
};

/** Saving the contact (mutation, checks, the pending verification's confirmation), fetched on the first submit. */
export function ContactForm({ customerId, pending, start, focusId }: ContactFormProps) {
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
    initial: blankContact,
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

  const started = useRef(false);
  useEffect(() => {
    if (started.current || !start) return;
    started.current = true;
    form.setValues(start);
    if (focusId) document.getElementById(focusId)?.focus();
    void form.send(start);
    // Once, as it mounts: later renders are this form's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <ContactFields
        values={form.values}
        onChange={form.bind}
        onSubmit={form.onSubmit}
        pending={pending}
        saving={form.pending}
        fieldErrors={form.fieldErrors}
        formError={form.formError}
        result={save.isSuccess ? save.data.message : null}
      />
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
    </>
  );
}
