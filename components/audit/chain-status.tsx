"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Badge } from "@/components/ui/badge";
import { countOf } from "@/lib/format/count";
import { auditChainQuery } from "@/lib/client/audit";
import { queryView } from "@/lib/client/query-view";

// One line while it verifies and once it has (a badge and a few words, which fit a 320 px phone):
// the filters and the trail below stay where they are when the verdict comes. Only a broken chain,
// an alarm, may take more room.
const LINE = "flex items-center gap-2 text-sm";

/** Verifies the whole chain in its own request, so the table does not wait for it. */
export function ChainStatus() {
  const query = useQuery(auditChainQuery());
  const view = queryView(query);
  const retry = () => void query.refetch();
  if (view.kind === "loading")
    return (
      <p className={LINE} aria-busy="true">
        <Badge>Verifying</Badge> <span className="text-slate-500">the hash chain…</span>
      </p>
    );
  if (view.kind === "error") return <QueryErrorState compact error={view.error} title="The chain could not be verified" onRetry={retry} />;
  const s = view.data;
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={retry} />
      {s.ok ? (
        <p data-testid="chain-status" className={LINE}>
          <Badge tone="success">Chain verified</Badge> {s.checked === 1 ? "its one entry" : `all ${countOf(s.checked, "entry", "entries")}`}
        </p>
      ) : (
        <p data-testid="chain-status" role="alert" className={LINE}>
          <Badge tone="danger">Chain broken</Badge> at entry #{s.brokenAtId}: {s.reason} (
          {s.checked === 1 ? "the entry before it verifies" : `the ${countOf(s.checked, "entry", "entries")} before it verify`}).
        </p>
      )}
    </>
  );
}
