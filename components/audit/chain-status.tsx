"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { countOf } from "@/lib/format/count";
import { auditChainQuery } from "@/lib/client/audit";

// One line while it verifies and once it has (a badge and a few words, which fit a 320 px phone):
// the filters and the trail below stay where they are when the verdict comes. Only a broken chain,
// an alarm, may take more room.
const LINE = "flex items-center gap-2 text-sm";

/** Verifies the whole chain in its own request, so the table does not wait for it. */
export function ChainStatus() {
  const query = useQuery(auditChainQuery());
  if (query.isPending)
    return (
      <p className={LINE} aria-busy="true">
        <Badge>Verifying</Badge> <span className="text-slate-500">the hash chain…</span>
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The chain could not be verified: {query.error.message}
      </p>
    );
  const s = query.data;
  return s.ok ? (
    <p data-testid="chain-status" className={LINE}>
      <Badge tone="success">Chain verified</Badge> {s.checked === 1 ? "its one entry" : `all ${countOf(s.checked, "entry", "entries")}`}
    </p>
  ) : (
    <p data-testid="chain-status" role="alert" className={LINE}>
      <Badge tone="danger">Chain broken</Badge> at entry #{s.brokenAtId}: {s.reason} (
      {s.checked === 1 ? "the entry before it verifies" : `the ${countOf(s.checked, "entry", "entries")} before it verify`}).
    </p>
  );
}
