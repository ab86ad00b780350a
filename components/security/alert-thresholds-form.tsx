"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useStepUp } from "@/components/auth/step-up-dialog";
import { useFormSubmit } from "@/components/forms/use-form-submit";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Field, FormAlert, Input } from "@/components/ui/field";
import { LoadingState } from "@/components/ui/loading-state";
import { Person } from "@/components/ui/person";
import { queryView } from "@/lib/client/query-view";
import { alertSettingsQuery, securityApi } from "@/lib/client/security";
import type { AlertSettings } from "@/lib/contracts/security";
import type { AlertThresholds } from "@/lib/security/alert-rules";

/** The thresholds of the security alert rules. */
export function AlertThresholdsForm() {
  const query = useQuery(alertSettingsQuery());
  const view = queryView(query);
  if (view.kind === "loading") return <LoadingState label="Loading the alert thresholds…" lines={3} />;
  if (view.kind === "error")
    return <QueryErrorState error={view.error} title="The alert thresholds could not be loaded" onRetry={() => void query.refetch()} />;
  // A failed re-read keeps the form and what was typed in it; it only says so above it.
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={() => void query.refetch()} className="mb-4" />
      <Form settings={view.data} />
    </>
  );
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

type Values = Record<keyof AlertThresholds, string>;

const textOf = (t: AlertThresholds): Values => ({
  bvn_lookups_per_hour: String(t.bvn_lookups_per_hour),
  failed_sign_ins_per_10_minutes: String(t.failed_sign_ins_per_10_minutes),
  webhook_refused_per_hour: String(t.webhook_refused_per_hour),
  working_hours_start: t.working_hours_start,
  working_hours_end: t.working_hours_end,
});

/** Named as the request body names them, so a 400 naming "thresholds.working_hours_end" lands under that field. */
export const THRESHOLD_FIELDS = [
  "thresholds.bvn_lookups_per_hour",
  "thresholds.failed_sign_ins_per_10_minutes",
  "thresholds.webhook_refused_per_hour",
  "thresholds.working_hours_start",
  "thresholds.working_hours_end",
] as const;

// The route's own rules, loaded on the first save: the settings page opens without the schema library.
const thresholdsSchema = () =>
  Promise.all([import("@/lib/validation/zod"), import("@/lib/security/alert-rules")]).then(([{ z }, { alertThresholdsSchema }]) =>
    z.object({ thresholds: alertThresholdsSchema }),
  );

function Form({ settings }: { settings: AlertSettings }) {
  const client = useQueryClient();
  const stepUp = useStepUp();
  const save = useMutation({
    mutationFn: ({ thresholds }: { thresholds: AlertThresholds }) => stepUp.run(() => securityApi.saveThresholds(thresholds)),
    onSuccess: (saved) => client.setQueryData(alertSettingsQuery().queryKey, saved),
  });
  const form = useFormSubmit({
    initial: () => textOf(settings.thresholds),
    toInput: (v: Values) => ({
      thresholds: {
        bvn_lookups_per_hour: Number(v.bvn_lookups_per_hour),
        failed_sign_ins_per_10_minutes: Number(v.failed_sign_ins_per_10_minutes),
        webhook_refused_per_hour: Number(v.webhook_refused_per_hour),
        working_hours_start: v.working_hours_start,
        working_hours_end: v.working_hours_end,
      },
    }),
    schema: thresholdsSchema,
    fields: THRESHOLD_FIELDS,
    mutation: save,
    fallbackMessage: "The thresholds could not be saved. Try again.",
    onSuccess: (saved) => form.setValues(textOf(saved.thresholds)),
  });

  return (
    <Card
      title="Security alert thresholds"
      description="Alerts appear on the administrators' home, and are also posted to the team's alert channel when the operators have connected one. A reveal of a BVN outside working hours (Monday to Friday, in the member's own time zone) always raises one, as does a second-factor reset."
    >
      <form className="space-y-4" data-testid="alert-thresholds" onSubmit={form.onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(({ key, label, hint }) => (
            <Field key={key} label={label} htmlFor={`threshold-${key}`} hint={hint} error={form.fieldErrors[`thresholds.${key}`]}>
              <Input
                id={`threshold-${key}`}
                name={key}
                type="number"
                min={key === "webhook_refused_per_hour" ? 0 : 1}
                max={10000}
                required
                value={form.values[key]}
                onChange={form.bind(key)}
              />
            </Field>
          ))}
          <Field label="Working hours start" htmlFor="threshold-start" error={form.fieldErrors["thresholds.working_hours_start"]}>
            <Input
              id="threshold-start"
              name="working_hours_start"
              type="time"
              required
              value={form.values.working_hours_start}
              onChange={form.bind("working_hours_start")}
            />
          </Field>
          <Field label="Working hours end" htmlFor="threshold-end" error={form.fieldErrors["thresholds.working_hours_end"]}>
            <Input
              id="threshold-end"
              name="working_hours_end"
              type="time"
              required
              value={form.values.working_hours_end}
              onChange={form.bind("working_hours_end")}
            />
          </Field>
        </div>
        <p className="text-xs text-slate-600">
          {settings.updated_at ? (
            <>
              Last saved by <Person name={settings.updated_by ?? "an administrator"} /> <DateTime value={settings.updated_at} relative />.
            </>
          ) : (
            "Never saved: the defaults apply."
          )}
        </p>
        <FormAlert>{form.formError}</FormAlert>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Saved. The next event on any instance is judged by these.
          </p>
        ) : null}
        <Button type="submit" loading={form.pending}>
          Save thresholds
        </Button>
      </form>
      {stepUp.dialog}
    </Card>
  );
}
