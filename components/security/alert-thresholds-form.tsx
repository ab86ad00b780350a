"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { alertSettingsQuery, securityApi } from "@/lib/client/security";
import type { AlertSettings } from "@/lib/contracts/security";
import type { AlertThresholds } from "@/lib/security/alert-rules";

/** The thresholds of the security alert rules. */
export function AlertThresholdsForm() {
  const query = useQuery(alertSettingsQuery());
  if (query.isPending) return <LoadingState label="Loading the alert thresholds…" lines={3} />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  return <Form settings={query.data} />;
}

const NUMBERS: {
  key: "bvn_lookups_per_hour" | "failed_sign_ins_per_10_minutes" | "webhook_refused_per_hour";
  label: string;
  hint: string;
}[] = [
  { key: "bvn_lookups_per_hour", label: "BVN lookups by one member in an hour", hint: "An alert when a member goes above this." },
  {
    key: "failed_sign_ins_per_10_minutes",
    label: "Failed sign-ins in 10 minutes",
    hint: "For one account or from one address; an alert above this.",
  },
  { key: "webhook_refused_per_hour", label: "Refused incoming updates in an hour", hint: "0: any refused delivery raises an alert." },
];

function Form({ settings }: { settings: AlertSettings }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const [values, setValues] = useState<AlertThresholds>(settings.thresholds);
  const save = useMutation({
    mutationFn: () => stepUp.run(() => securityApi.saveThresholds(values)),
    onSuccess: (saved) => client.setQueryData(alertSettingsQuery().queryKey, saved),
  });
  const set = <K extends keyof AlertThresholds>(key: K, value: AlertThresholds[K]) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <Card
      title="Security alert thresholds"
      description="Alerts appear on the administrators' home, and are also posted to the team's alert channel when the operators have connected one. A reveal of a BVN outside working hours (Monday to Friday, in the member's own time zone) always raises one, as does a second-factor reset."
    >
      <form
        className="space-y-4"
        data-testid="alert-thresholds"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(({ key, label, hint }) => (
            <Field key={key} label={label} htmlFor={`threshold-${key}`} hint={hint}>
              <Input
                id={`threshold-${key}`}
                name={key}
                type="number"
                min={key === "webhook_refused_per_hour" ? 0 : 1}
                max={10000}
                required
                value={values[key]}
                onChange={(e) => set(key, Number(e.target.value))}
              />
            </Field>
          ))}
          <Field label="Working hours start" htmlFor="threshold-start">
            <Input
              id="threshold-start"
              type="time"
              required
              value={values.working_hours_start}
              onChange={(e) => set("working_hours_start", e.target.value)}
            />
          </Field>
          <Field label="Working hours end" htmlFor="threshold-end">
            <Input
              id="threshold-end"
              type="time"
              required
              value={values.working_hours_end}
              onChange={(e) => set("working_hours_end", e.target.value)}
            />
          </Field>
        </div>
        <p className="text-xs text-slate-600">
          {settings.updated_at ? (
            <>
              Last saved by {settings.updated_by ?? "an administrator"} <DateTime value={settings.updated_at} relative />.
            </>
          ) : (
            "Never saved: the defaults apply."
          )}
        </p>
        {save.error ? <FormAlert>{save.error.message}</FormAlert> : null}
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved. The next event on any instance is judged by these.
          </p>
        ) : null}
        <Button type="submit" loading={save.isPending}>
          Save thresholds
        </Button>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
