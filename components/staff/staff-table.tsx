import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { roleLabels } from "@/lib/format/role-label";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { isOnlyActiveAdmin } from "@/lib/staff/roster";
import { StaffRowActions } from "./staff-row-actions";

type Props = { staff: StaffMemberView[]; currentStaffId: string };

export function StaffTable({ staff, currentStaffId }: Props) {
  return (
    <Table caption="Staff members" stackOnPhone>
      <THead>
        <TR>
          <TH>Name</TH>
          <TH>Email</TH>
          <TH>Role</TH>
          <TH>Status</TH>
          <TH>Created</TH>
          <TH className="whitespace-nowrap">Last sign-in</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </TR>
      </THead>
      <TBody>
        {staff.map((member) => {
          const isSelf = member.id === currentStaffId;
          // The server refuses this too (409 last_admin); disabling the controls only explains it first.
          const locked = isOnlyActiveAdmin(staff, member.id);
          const lockId = locked ? `locked-${member.id}` : undefined;
          return (
            <TR key={member.id} data-testid="staff-row">
              <TD label="Name" className="font-medium break-words">
                {member.name}
                {isSelf ? (
                  <Badge tone="info" className="ml-2">
                    you
                  </Badge>
                ) : null}
              </TD>
              <TD label="Email" className="max-md:break-all">
                {/* A long address is cut on a desktop (whole on hover) so the row's buttons stay inside the card. */}
                <span className="block max-w-[14rem] truncate max-md:max-w-none max-md:whitespace-normal" title={member.email}>
                  {member.email}
                </span>
              </TD>
              <TD label="Role">
                {roleLabels[member.role]}
                {locked ? (
                  <p id={lockId} className="mt-0.5 max-w-40 text-xs text-amber-800 max-md:max-w-none">
                    The only active administrator: cannot be demoted or disabled.
                  </p>
                ) : null}
              </TD>
              <TD label="Status">
                <Badge tone={member.status === "active" ? "success" : "neutral"}>
                  {member.status === "active" ? "Active" : "Disabled"}
                </Badge>
              </TD>
              <TD label="Created">
                {/* Date over time and zone, so a long zone label does not push the buttons past the card. */}
                <DateTime value={member.createdAt} className="block max-w-[9.5rem] whitespace-normal! max-md:max-w-none" />
              </TD>
              <TD label="Last sign-in">
                {member.lastSignInAt ? <DateTime value={member.lastSignInAt} relative /> : <span className="text-slate-500">Never</span>}
              </TD>
              <TD>
                <div className="flex flex-col items-stretch gap-1.5 max-md:mt-2 max-md:flex-row max-md:flex-wrap">
                  <StaffRowActions member={member} isSelf={isSelf} locked={locked} describedBy={lockId} />
                </div>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
