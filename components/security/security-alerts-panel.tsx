"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { FormAlert } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { focusRing } from "@/components/ui/cx";
import { securityApi, securityAlertsQuery } from "@/lib/client/security";
import type { SecurityAlert } from "@/lib/contracts/security";
import { networkLabel } from "@/lib/format/network-label";
import { alertRuleLabels } from "@/lib/security/alert-rule-names";

/** The admin home's open security alerts, each acknowledged by one click (audited). */
export function SecurityAlertsPanel() {
  const query = useQuery({ ...securityAlertsQuery("open"), refetchInterval: 30_000 });
  const alerts = query.data?.alerts ?? [];
  return (
    <Card
      title="Security alerts"
      description="Raised by the rules on the Settings page (BVN lookups, reveals outside working hours, failed sign-ins, refused incoming updates, second-factor resets). Acknowledge one once it has been looked at."
      actions={
        <Link href="/settings" className={`rounded text-sm font-medium text-brand-700 underline ${focusRing}`}>
          Thresholds
        </Link>
      }
      flush
    >
      {query.isPending ? (
        <LoadingState label="Loading security alerts…" lines={2} className="px-5 py-4" />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} className="m-4" />
      ) : alerts.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No open security alerts.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="security-alerts">
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AlertRow({ alert }: { alert: SecurityAlert }) {
  const client = useQueryClient();
  // A loopback address reads as the sessions page says it; any other address is shown as it is, the lead to follow.
  const loopback = alert.rule === "failed_sign_ins_address" && networkLabel(alert.subject) === "this computer";
  const subject = loopback ? "this computer" : alert.subject;
  const acknowledge = useMutation({
    mutationFn: () => securityApi.acknowledge(alert.id),
    onSettled: () => void client.invalidateQueries({ queryKey: ["security-alerts"] }),
  });
  return (
    <li className="space-y-2 px-5 py-3 text-sm" data-testid="security-alert" data-rule={alert.rule}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{alertRuleLabels[alert.rule]}</p>
          <p className="text-xs break-words text-slate-600">
            {subject} · raised <DateTime value={alert.raised_at} relative />
          </p>
          <p className="text-xs break-words text-slate-600">{detailLine(alert.details)}</p>
        </div>
        <Badge tone="danger">open</Badge>
      </div>
      <Button
        size="sm"
        variant="secondary"
        loading={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        aria-label={`Acknowledge: ${alertRuleLabels[alert.rule]}, ${subject}`}
      >
        Acknowledge
      </Button>
      {acknowledge.error ? <FormAlert>{acknowledge.error.message}</FormAlert> : null}
    </li>
  );
}

function detailLine(details: SecurityAlert["details"]): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${String(v)}`)
    .join(" · ");
}
