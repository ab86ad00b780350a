"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { countOf } from "@/lib/format/count";
import { auditChainQuery } from "@/lib/client/audit";

/** Verifies the whole chain in its own request, so the table does not wait for it. */
export function ChainStatus() {
  const query = useQuery(auditChainQuery());
  if (query.isPending) return <p className="text-sm text-slate-500">Verifying the hash chain…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The chain could not be verified: {query.error.message}
      </p>
    );
  const s = query.data;
  return s.ok ? (
    <p data-testid="chain-status" className="flex items-center gap-2 text-sm">
      <Badge tone="success">Chain verified</Badge> {s.checked === 1 ? "its one entry" : `all ${countOf(s.checked, "entry", "entries")}`},
      first to last.
    </p>
  ) : (
    <p data-testid="chain-status" role="alert" className="flex items-center gap-2 text-sm">
      <Badge tone="danger">Chain broken</Badge> at entry #{s.brokenAtId}: {s.reason} (
      {s.checked === 1 ? "the entry before it verifies" : `the ${countOf(s.checked, "entry", "entries")} before it verify`}).
    </p>
  );
}
