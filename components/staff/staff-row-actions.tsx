"use client";

import { useState } from "react";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { rowActions, rowTrigger, type RowAction } from "./row-triggers";

// The confirmations (their mutations, step-up, fields and answers) are fetched with the first press
// of a row's button, not with the staff page: most visits read the list and change nothing.
const loadDialogs = () => import("./staff-row-dialogs");

type Props = { member: StaffMemberView; isSelf: boolean; locked: boolean; describedBy?: string };

/** A row's buttons: plain ones, as the dialogs' own triggers draw them, until one is pressed. */
export function StaffRowActions(props: Props) {
  const [opened, setOpened] = useState<RowAction | null>(null);
  const dialogs = useModuleWhen(opened !== null, loadDialogs);
  const Dialogs = dialogs.module?.StaffRowDialogs;
  if (Dialogs) return <Dialogs {...props} opened={opened} />;
  return (
    <>
      {rowActions(props).map((action) => {
        const trigger = rowTrigger(action, props.member, props);
        return (
          <Button
            key={action}
            variant="secondary"
            size="sm"
            disabled={trigger.disabled}
            aria-describedby={trigger.describedBy}
            aria-label={trigger.name}
            aria-haspopup="dialog"
            aria-expanded={false}
            data-state="closed"
            onClick={() => {
              setOpened(action);
              // A press after a failed fetch asks again.
              if (dialogs.error) dialogs.retry();
            }}
          >
            {trigger.label}
          </Button>
        );
      })}
      {dialogs.error ? <LoadFailed onRetry={dialogs.retry} /> : null}
    </>
  );
}
