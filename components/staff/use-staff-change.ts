"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { isErrorOf } from "@/lib/client/call";
import { staffApi, staffListQuery } from "@/lib/client/staff";
import { updateStaff } from "@/lib/contracts/endpoints/staff";
import type { StaffMemberView, UpdateStaffInput } from "@/lib/contracts/staff";

/**
 * One role or status change of one member, sent through ConfirmDialog. The list is never edited
 * locally: it is re-read from the server after every answer, so a refused change (409 last_admin)
 * leaves it exactly as the server has it.
 */
export function useStaffChange(member: StaffMemberView, isSelf: boolean) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const stepUp = useStepUp();
  const mutation = useMutation({
    mutationFn: (change: UpdateStaffInput) => stepUp.run(() => staffApi.update(member.id, change)),
    onSuccess: () => {
      // My own role or status changed: the shell, the navigation and this page's access follow.
      if (isSelf) router.refresh();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey });
    },
  });

  // Asking again cannot succeed until someone else is an administrator.
  const refused = isErrorOf(updateStaff, mutation.error, "last_admin");
  // Render stepUpDialog inside the dialog: it asks for a fresh code when the server wants one.
  return { mutation, refused, stepUpDialog: stepUp.dialog };
}
