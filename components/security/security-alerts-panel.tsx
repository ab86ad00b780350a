"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { LoadFailed } from "@/components/ui/load-failed";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { LoadingLine } from "@/components/ui/loading-state";
import { focusRing } from "@/components/ui/cx";
import { queryView } from "@/lib/client/query-view";
import { securityAlertsQuery } from "@/lib/client/security";

// The rows (their words, the acknowledge mutation) come with the first open alert: a quiet day's
// home page never loads them.
const loadRows = () => import("./security-alert-row");

/** The admin home's open security alerts, each acknowledged by one click (audited). */
export function SecurityAlertsPanel() {
  const query = useQuery({ ...securityAlertsQuery("open"), refetchInterval: 30_000 });
  // The alerts last read stay while a poll fails (queryView), with the rows' own answers.
  const view = queryView(query);
  const alerts = view.kind === "data" ? view.data.alerts : [];
  const rows = useModuleWhen(alerts.length > 0, loadRows);
  const Row = rows.module?.AlertRow;
  const retry = () => void query.refetch();
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
      {alerts.length > 0 && rows.error ? (
        <LoadFailed onRetry={rows.retry} className="px-5 py-4" />
      ) : view.kind === "loading" || (alerts.length > 0 && !Row) ? (
        <LoadingLine label="Loading security alerts…" className="px-5 py-4" />
      ) : view.kind === "error" ? (
        <QueryErrorState error={view.error} title="The security alerts could not be loaded" onRetry={retry} className="m-4" />
      ) : (
        <>
          <RefreshFailed failure={view.refreshFailed} onRetry={retry} className="mx-5 mt-4" />
          {alerts.length === 0 ? (
            <p className="px-5 py-4 text-sm text-slate-600">No open security alerts.</p>
          ) : Row ? (
            <ul className="divide-y divide-slate-100" data-testid="security-alerts">
              {alerts.map((alert) => (
                <Row key={alert.id} alert={alert} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Card>
  );
}
