"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { FormAlert } from "@/components/ui/field";
import { failureMessage } from "@/lib/client/fetcher";
import { securityApi } from "@/lib/client/security";
import type { SecurityAlert } from "@/lib/contracts/security";
import { networkLabel } from "@/lib/format/network-label";
import { alertRuleLabels } from "@/lib/security/alert-rule-names";

/** One open alert and its acknowledgement; fetched once the panel has an alert to show. */
export function AlertRow({ alert }: { alert: SecurityAlert }) {
  const client = useQueryClient();
  // A loopback address reads as the sessions page says it; any other address is shown as it is, the lead to follow.
  const loopback = alert.rule === "failed_sign_ins_address" && networkLabel(alert.subject) === "this computer";
  const subject = loopback ? "this computer" : alert.subject;
  const acknowledge = useMutation({
    mutationFn: () => securityApi.acknowledge(alert.id),
    onSettled: () => void client.invalidateQueries({ queryKey: ["security-alerts"] }),
  });
  const { press, pending } = useOncePerPress(acknowledge);
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
        loading={pending}
        onClick={() => press()}
        aria-label={`Acknowledge: ${alertRuleLabels[alert.rule]}, ${subject}`}
      >
        Acknowledge
      </Button>
      {acknowledge.error ? (
        <FormAlert>{failureMessage(acknowledge.error, "The alert could not be acknowledged. Try again.")}</FormAlert>
      ) : null}
    </li>
  );
}

function detailLine(details: SecurityAlert["details"]): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replaceAll("_", " ")}: ${String(v)}`)
    .join(" · ");
}
