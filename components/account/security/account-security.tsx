"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCodeSubmit } from "@/components/auth/use-code-submit";
import { QueryState } from "@/components/shell/query-state";
import { Badge, Button, Card, DateTime, Field, FormAlert, Input, PageHeader } from "@/components/ui";
import { secondFactorApi, secondFactorStatusQuery } from "@/lib/client/second-factor";
import type { SecondFactorStatusView } from "@/lib/contracts/account";
import { Enrolment } from "./enrolment";

/** The staff member's own two-factor authentication: set it up, see what is left, turn it off. */
export function AccountSecurity() {
  const query = useQuery(secondFactorStatusQuery());
  return (
    <div className="space-y-6">
      <PageHeader title="Security" subtitle="Two-factor authentication asks for a code from your phone after your password, and again before sensitive actions." />
      <QueryState query={query} notFound={{ title: "Not found", message: "Your security settings could not be read." }}>
        {(status) => <TwoFactorCard status={status} />}
      </QueryState>
    </div>
  );
}

function TwoFactorCard({ status }: { status: SecondFactorStatusView }) {
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery().queryKey });
  return (
    <Card
      title="Two-factor authentication"
      description={status.required ? "Required for your role by an administrator." : "Recommended for every account."}
      actions={status.enrolled ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>}
    >
      {status.enrolled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            On since <DateTime value={status.enrolledAt!} />. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {status.required ? null : <DisableForm onDisabled={refresh} />}
        </div>
      ) : enrolling ? (
        <Enrolment
          doneLabel="Done"
          onDone={() => {
            setEnrolling(false);
            refresh();
          }}
        />
      ) : (
        <Button onClick={() => setEnrolling(true)}>Turn on two-factor authentication</Button>
      )}
    </Card>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { error, busy, onSubmit } = useCodeSubmit(secondFactorApi.disable, onDisabled, "It could not be turned off. Try again.");

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xs space-y-3 border-t border-slate-100 pt-4">
      <Field label="Current code to turn it off" htmlFor="disable-code" required>
        <Input id="disable-code" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} />
      </Field>
      <FormAlert>{error}</FormAlert>
      <Button type="submit" variant="danger" loading={busy}>
        Turn off
      </Button>
    </form>
  );
}
