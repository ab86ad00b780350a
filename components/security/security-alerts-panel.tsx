"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingLine } from "@/components/ui/loading-state";
import { focusRing } from "@/components/ui/cx";
import { securityAlertsQuery } from "@/lib/client/security";

// The rows (their words, the acknowledge mutation) come with the first open alert: a quiet day's
// home page never loads them.
const loadRows = () => import("./security-alert-row");

/** The admin home's open security alerts, each acknowledged by one click (audited). */
export function SecurityAlertsPanel() {
  const query = useQuery({ ...securityAlertsQuery("open"), refetchInterval: 30_000 });
  const alerts = query.data?.alerts ?? [];
  const Row = useModuleWhen(alerts.length > 0, loadRows)?.AlertRow;
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
      {query.isPending || (alerts.length > 0 && !Row) ? (
        <LoadingLine label="Loading security alerts…" className="px-5 py-4" />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} className="m-4" />
      ) : alerts.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No open security alerts.</p>
      ) : Row ? (
        <ul className="divide-y divide-slate-100" data-testid="security-alerts">
          {alerts.map((alert) => (
            <Row key={alert.id} alert={alert} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
