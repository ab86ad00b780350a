"use client";

import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useDialogOnUse } from "@/components/ui/use-dialog-on-use";
import type { CreditDialogProps } from "./credit-dialog-body";

// The form, its mutation and fields are fetched on the first press, not with the collection page.
const CreditDialogBody = lazy(() => import("./credit-dialog-body").then((m) => ({ default: m.CreditDialogBody })));

/** Sandbox only: the page does not render this in production, and the server refuses it there anyway. */
export function CreditDialog(props: CreditDialogProps) {
  const { wanted, session, dialog, trigger } = useDialogOnUse();
  return (
    <>
      <Button variant="secondary" {...trigger}>
        Simulate incoming credit
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CreditDialogBody key={session} {...props} {...dialog} />
        </Suspense>
      ) : null}
    </>
  );
}
