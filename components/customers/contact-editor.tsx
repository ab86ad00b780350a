"use client";

import { useState, type FormEvent } from "react";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Card } from "@/components/ui/card";
import { LoadFailed } from "@/components/ui/load-failed";
import { blankContact, ContactFields } from "./contact-fields";
import { CurrentContact } from "./current-contact";

// Saving (the mutation, the checks, the pending verification's confirmation) is fetched with the
// first submit, not with the customer page: most visits read the details and change nothing.
const loadForm = () => import("./contact-form");
const noErrors = {};

/**
 * Shows the details last saved here and sends only the new ones. While the
 * verification is pending it asks first, because an edit neither restarts nor speeds it up.
 */
export function ContactEditor({ customerId, pending, canEdit }: { customerId: string; pending: boolean; canEdit: boolean }) {
  const [values, setValues] = useState(blankContact);
  const [submitted, setSubmitted] = useState<{ focusId: string | null } | null>(null);
  const form = useModuleWhen(submitted !== null, loadForm);
  const loaded = form.module;

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    // One submit: the form that arrives sends these values as it mounts. If it could not be fetched,
    // a second press fetches it again (and it sends the values as they are then).
    if (submitted) {
      if (form.error) form.retry();
      return;
    }
    const focused = document.activeElement;
    setSubmitted({ focusId: focused && event.currentTarget.contains(focused) ? focused.id || null : null });
  }

  return (
    <Card
      title="Contact details"
      description="As last set through the back-office. Enter a new email address, a new phone number, or both; blank fields are left unchanged."
    >
      <CurrentContact customerId={customerId} />
      {loaded ? (
        <loaded.ContactForm
          customerId={customerId}
          pending={pending}
          start={submitted ? values : null}
          focusId={submitted?.focusId ?? null}
        />
      ) : (
        <>
          <ContactFields
            values={values}
            onChange={(key) => (event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
            onSubmit={onSubmit}
            pending={pending}
            // Busy while the saving code arrives: the press is not lost, it sends once it is here.
            saving={submitted !== null && !form.error}
            fieldErrors={noErrors}
            formError={null}
            result={null}
          />
          {form.error ? <LoadFailed onRetry={form.retry} className="mt-2" /> : null}
        </>
      )}
    </Card>
  );
}
