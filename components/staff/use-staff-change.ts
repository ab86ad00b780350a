"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { isErrorOf } from "@/lib/client/call";
import { staffApi, staffListQuery } from "@/lib/client/staff";
import { updateStaff } from "@/lib/contracts/staff";
import type { StaffMemberView, UpdateStaffInput } from "@/lib/schemas/staff";

/**
 * One role or status change of one member. The list is never edited locally: it is re-read from the
 * server after every answer, so a refused change (409 last_admin) leaves it exactly as the server has it.
 */
export function useStaffChange(member: StaffMemberView, isSelf: boolean, onDone: () => void) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const inFlight = useRef(false);
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: (change: UpdateStaffInput) => stepUp.run(() => staffApi.update(member.id, change)),
    onSuccess: () => {
      onDone();
      // My own role or status changed: the shell, the navigation and this page's access follow.
      if (isSelf) router.refresh();
    },
    onSettled: () => {
      inFlight.current = false;
      void queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey });
    },
  });

  function change(input: UpdateStaffInput) {
    // A ref, not state: a double click fires twice before React re-renders the disabled button.
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input);
  }

  // Asking again cannot succeed until someone else is an administrator.
  const refused = isErrorOf(updateStaff, mutation.error, "last_admin");
  // Render stepUpDialog inside the dialog: it asks for a fresh code when the server wants one.
  return { change, mutation, refused, stepUpDialog: stepUp.dialog };
}
