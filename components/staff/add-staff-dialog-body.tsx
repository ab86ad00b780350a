"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type RefObject } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { Button } from "@/components/ui/button";
import { cx, focusRing } from "@/components/ui/cx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { PasswordField } from "@/components/forms/password-field";
import { Field, FormAlert, Input, Select } from "@/components/ui/field";
import { approvalPendingOf } from "@/components/approvals/approval-pending-notice";
import { roleLabels } from "@/lib/format/role-label";
import { staffApi, staffListQuery } from "@/lib/client/staff";
import { MIN_PASSWORD_LENGTH } from "@/lib/validation/password-length";
import type { CreatedStaff } from "@/lib/contracts/staff";
import { GeneratedPassword } from "./generated-password";
import { RoleOptions } from "./role-options";

type Form = { name: string; email: string; role: string; password: string; generate: boolean };
const blank = (): Form => ({ name: "", email: "", role: "", password: "", generate: true });

/** The dialog's body, fetched on the first press of the button (add-staff-dialog.tsx); a fresh one for each opening. */
export function AddStaffDialogBody({
  open,
  onOpenChange: setOpen,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
}) {
  const [result, setResult] = useState<CreatedStaff | null>(null);
  const queryClient = useQueryClient();

  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: (input: Parameters<typeof staffApi.create>[0]) => stepUp.run(() => staffApi.create(input)),
    onSuccess: (created) => {
      setResult(created);
      void queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey });
    },
  });
  const form = useFormSubmit({
    initial: blank,
    // Loaded on the first submit, not with the staff page.
    schema: () => import("@/lib/contracts/staff").then((m) => m.createStaffSchema),
    toInput: ({ generate, password, ...rest }: Form) => (generate ? { ...rest, generatePassword: true } : { ...rest, password }),
    fields: ["name", "email", "role", "password"],
    mutation,
    fallbackMessage: "The staff member could not be added. Try again.",
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Opening starts afresh; closing forgets a generated password. Never while the member is being
    // added (Dialog's `pending`): the password generated for them would land in a closed dialog.
    form.reset();
    setResult(null);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} pending={form.pending} triggerRef={triggerRef}>
      <DialogContent
        title={result ? "Staff member added" : "Add staff member"}
        description={result ? undefined : "They sign in with their work email and the password set here."}
        // While a generated password is on screen, only Done or the close button dismiss it.
        onInteractOutside={(e) => {
          if (result?.generatedPassword) e.preventDefault();
        }}
      >
        {result ? (
          <div className="space-y-4 text-sm">
            <p role="status" data-testid="staff-added">
              <span className="font-medium">{result.member.name}</span> ({result.member.email}) was added as{" "}
              {roleLabels[result.member.role]}.
            </p>
            {result.generatedPassword ? (
              <GeneratedPassword password={result.generatedPassword} />
            ) : (
              <p className="text-slate-600">They can sign in with the password you set.</p>
            )}
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={form.onSubmit} noValidate className="space-y-4" aria-label="Add staff member">
            <Field label="Name" htmlFor="staff-name" error={form.fieldErrors.name} required>
              <Input id="staff-name" autoComplete="off" value={form.values.name} onChange={form.bind("name")} />
            </Field>
            <Field label="Work email" htmlFor="staff-email" error={form.fieldErrors.email} required>
              <Input id="staff-email" type="email" autoComplete="off" value={form.values.email} onChange={form.bind("email")} />
            </Field>
            <Field label="Role" htmlFor="staff-role" error={form.fieldErrors.role} required>
              <Select id="staff-role" value={form.values.role} onChange={form.bind("role")}>
                <option value="">Choose a role…</option>
                <RoleOptions />
              </Select>
            </Field>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-800">Password</legend>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={form.values.generate}
                  onChange={(e) => {
                    const generate = e.target.checked;
                    form.setValues((f) => ({ ...f, generate, password: "" }));
                    form.setErrors(({ fields: { password: _dropped, ...rest }, ...errors }) => ({ ...errors, fields: rest }));
                  }}
                  className={cx("size-4 rounded border-slate-300 accent-brand-600", focusRing)}
                />
                Generate a password (shown once, after adding)
              </label>
              {form.values.generate ? null : (
                <PasswordField
                  id="staff-password"
                  name="password"
                  label="Password"
                  hint={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to them through a safe channel.`}
                  error={form.fieldErrors.password}
                  value={form.values.password}
                  onChange={form.bind("password")}
                  autoComplete="new-password"
                />
              )}
            </fieldset>
            {/* Under four-eyes the addition is queued, not refused: the shared notice, not an error. */}
            {approvalPendingOf(mutation.error) ?? <FormAlert>{form.formError}</FormAlert>}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" loading={form.pending}>
                Add staff member
              </Button>
            </DialogFooter>
          </form>
        )}
        {stepUp.dialog}
      </DialogContent>
    </Dialog>
  );
}
