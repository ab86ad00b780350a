"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { staffListQuery } from "@/lib/client/staff";
import { AddStaffDialog } from "./add-staff-dialog";
import { SecondFactorPolicyCard } from "./second-factor-policy";
import { StaffTable } from "./staff-table";
import { countOf } from "@/lib/format/count";

/** The staff page: who may sign in, with which role; every change here is audited by the server. */
export function StaffManagement({ currentStaffId }: { currentStaffId: string }) {
  const query = useQuery(staffListQuery());
  return (
    <div className="space-y-6">
      <PageHeader
        title="Staff"
        subtitle="Who can sign in to the back-office, and with which role. Every change is recorded in the audit trail."
        actions={<AddStaffDialog />}
      />
      <QueryState query={query} notFound={{ title: "No staff list", message: "The staff list could not be found." }}>
        {({ staff }) => {
          const active = staff.filter((s) => s.status === "active").length;
          return staff.length === 0 ? (
            <EmptyState title="No staff members yet" message="Add the first staff member with the button above." />
          ) : (
            <>
              <Card flush title="Staff members" description={`${countOf(staff.length, "account")}, ${active} active`}>
                <StaffTable staff={staff} currentStaffId={currentStaffId} />
              </Card>
              <SecondFactorPolicyCard staff={staff} />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
