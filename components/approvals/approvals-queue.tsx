"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { LoadFailed } from "@/components/ui/load-failed";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { LoadingLine } from "@/components/ui/loading-state";
import type { Approval } from "@/lib/approvals/actions";
import { approvalsQuery } from "@/lib/client/approvals";
import { queryView } from "@/lib/client/query-view";
import type { Role } from "@/lib/permissions";
import { APPROVALS_ANCHOR } from "./approval-pending-notice";

// The rows' actions (approve with a step-up, decline with a reason, the outcome) come with the
// first request: an empty queue, the usual home page, never loads them.
const loadRows = () => import("./approval-row");

/** What this member approved here, by approval id: the request as it was, and the action's answer. */
export type ApprovedHere = Record<string, { approval: Approval; answer: unknown }>;

/**
 * The rows to draw: the list as last read, and before it any request this member approved here that
 * the list no longer holds, so that its answer (a reset's one-time password, shown once) stays.
 */
export function rowsOf(listed: readonly Approval[], approvedHere: ApprovedHere): Approval[] {
  const ids = new Set(listed.map((a) => a.id));
  const gone = Object.values(approvedHere)
    .map((kept) => kept.approval)
    .filter((a) => !ids.has(a.id));
  return [...gone, ...listed];
}

/**
 * The approvals queue on the home page: requests waiting for this member (any other member's, for
 * an action this member's role may do), the member's own requests, and the latest decided ones.
 */
export function ApprovalsQueue({ me }: { me: { id: string; role: Role } }) {
  const query = useQuery(approvalsQuery());
  const view = queryView(query);
  // Held here, above the list's reads: neither a failed refresh nor one without the request takes an answer away.
  const [approvedHere, setApprovedHere] = useState<ApprovedHere>({});
  const approvals = rowsOf(view.kind === "data" ? view.data.approvals : [], approvedHere);
  const rows = useModuleWhen(approvals.length > 0, loadRows);
  const Row = rows.module?.ApprovalRow;
  const retry = () => void query.refetch();
  return (
    <Card
      id={APPROVALS_ANCHOR}
      title="Approvals"
      description="Actions an administrator put under four-eyes control wait here for a second member with the same access. Nothing is done until someone else approves; requests expire after 24 hours."
      flush
    >
      {view.kind === "error" ? (
        <QueryErrorState error={view.error} title="The approvals could not be loaded" onRetry={retry} className="m-4" />
      ) : (
        <RefreshFailed failure={view.kind === "data" ? view.refreshFailed : null} onRetry={retry} className="mx-5 mt-4" />
      )}
      {approvals.length > 0 && rows.error ? (
        <LoadFailed onRetry={rows.retry} className="px-5 py-4" />
      ) : view.kind === "loading" || (approvals.length > 0 && !Row) ? (
        <LoadingLine label="Loading approvals…" className="px-5 py-4" />
      ) : approvals.length > 0 && Row ? (
        <ul className="divide-y divide-slate-100" data-testid="approvals-queue">
          {approvals.map((a) => (
            <Row
              key={a.id}
              approval={a}
              me={me}
              approved={approvedHere[a.id]}
              onApproved={(answer) => setApprovedHere((kept) => ({ ...kept, [a.id]: { approval: a, answer } }))}
            />
          ))}
        </ul>
      ) : view.kind === "data" ? (
        <p className="px-5 py-4 text-sm text-slate-600">No approval requests.</p>
      ) : null}
    </Card>
  );
}
