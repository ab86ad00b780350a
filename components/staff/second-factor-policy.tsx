"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { QueryState } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Person } from "@/components/ui/person";
import { roles, type Role } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";
import { secondFactorApi, secondFactorOverviewQuery } from "@/lib/client/second-factor";
import type { SecondFactorOverview } from "@/lib/contracts/account";
import type { StaffMemberView } from "@/lib/contracts/staff";
import { ChangeError } from "./change-error";
import { countOf } from "@/lib/format/count";

/** Who must use two-factor authentication (everyone or some roles), and who has set it up. */
export function SecondFactorPolicyCard({ staff }: { staff: StaffMemberView[] }) {
  const query = useQuery(secondFactorOverviewQuery());
  return (
    <Card
      title="Two-factor authentication"
      description="Required members who have not set it up are taken to the set-up right after their password. Single sign-on accounts use their identity provider's own check."
    >
      <QueryState query={query} notFound={{ title: "Not found", message: "The two-factor settings could not be read." }}>
        {(overview) => <PolicyForm overview={overview} staff={staff} />}
      </QueryState>
    </Card>
  );
}

function PolicyForm({ overview, staff }: { overview: SecondFactorOverview; staff: StaffMemberView[] }) {
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const save = useMutation({
    mutationFn: (policy: SecondFactorOverview["policy"]) => stepUp.run(() => secondFactorApi.setPolicy(policy)),
    onSuccess: (next) => queryClient.setQueryData(secondFactorOverviewQuery().queryKey, next),
  });
  // Saved on each click: one request at a time, the boxes held until the server's answer.
  const { press: change, pending } = useOncePerPress(save);
  const { policy } = overview;
  const toggleRole = (role: Role, on: boolean) =>
    change({ ...policy, roles: on ? [...policy.roles, role] : policy.roles.filter((r) => r !== role) });
  const enrolled = new Set(overview.enrolledStaffIds);
  const withTwoFactor = staff.filter((s) => enrolled.has(s.id));

  return (
    <div className="space-y-4">
      {stepUp.dialog}
      <fieldset className="space-y-2" disabled={pending}>
        <legend className="text-sm font-medium text-slate-900">Require two-factor authentication for</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={policy.requireAll} onChange={(e) => change({ ...policy, requireAll: e.target.checked })} />
          Everyone
        </label>
        <div className="flex flex-wrap gap-x-5 gap-y-2 pl-1">
          {roles.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                aria-label={`Require for ${roleLabels[role]}`}
                checked={policy.requireAll || policy.roles.includes(role)}
                disabled={policy.requireAll}
                onChange={(e) => toggleRole(role, e.target.checked)}
              />
              {roleLabels[role]}
            </label>
          ))}
        </div>
      </fieldset>
      {save.isError ? <ChangeError error={save.error} /> : null}
      <div>
        <p className="text-sm font-medium text-slate-900">
          Set up by {withTwoFactor.length} of {countOf(staff.length, "member")}
        </p>
        {withTwoFactor.length > 0 ? (
          <ul aria-label="Members with two-factor authentication" className="mt-1 flex flex-wrap gap-2 text-sm text-slate-700">
            {withTwoFactor.map((s) => (
              <li key={s.id} className="flex items-center gap-2 rounded bg-slate-100 px-2 py-0.5">
                <Person name={s.name} email={s.email} />
                <ResetButton member={s} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** For a member who lost both phone and recovery codes: two clicks, then their 2FA is off and their sessions end. */
function ResetButton({ member }: { member: StaffMemberView }) {
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const [confirming, setConfirming] = useState(false);
  const reset = useMutation({
    mutationFn: () => stepUp.run(() => secondFactorApi.resetMember(member.id)),
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: secondFactorOverviewQuery().queryKey });
    },
  });
  const { press, pending } = useOncePerPress(reset);
  return (
    <>
      {stepUp.dialog}
      <Button
        variant={confirming ? "danger" : "secondary"}
        size="sm"
        loading={pending}
        aria-label={
          confirming ? `Confirm: turn off two-factor authentication of ${member.name}` : `Reset two-factor authentication of ${member.name}`
        }
        onClick={() => (confirming ? press() : setConfirming(true))}
      >
        {confirming ? "Confirm reset" : "Reset"}
      </Button>
      {reset.isError ? <ChangeError error={reset.error} /> : null}
    </>
  );
}
