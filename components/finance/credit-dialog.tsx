"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { Button } from "@/components/ui/button";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import type { CreditDialogProps } from "./credit-dialog-body";

// The form, its mutation and fields are fetched on the first press, not with the collection page.
const CreditDialogBody = lazyPart(() => import("./credit-dialog-body"), "CreditDialogBody", "floating");

/** Sandbox only: the page does not render this in production, and the server refuses it there anyway. */
export function CreditDialog(props: CreditDialogProps) {
  const { wanted, session, dialog, trigger } = useDialogOnUse();
  return (
    <>
      <Button variant="secondary" {...trigger}>
        Simulate incoming credit
      </Button>
      {wanted ? <CreditDialogBody key={session} {...props} {...dialog} /> : null}
    </>
  );
}
