"use client";

import { useQuery } from "@tanstack/react-query";
import { useModuleWhen } from "@/components/hooks/use-module-when";
import { Card } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingLine } from "@/components/ui/loading-state";
import { approvalsQuery } from "@/lib/client/approvals";
import type { Role } from "@/lib/permissions";

// The rows' actions (approve with a step-up, decline with a reason, the outcome) come with the
// first request: an empty queue, the usual home page, never loads them.
const loadRows = () => import("./approval-row");

/**
 * The approvals queue on the home page: requests waiting for this member (any other member's, for
 * an action this member's role may do), the member's own requests, and the latest decided ones.
 */
export function ApprovalsQueue({ me }: { me: { id: string; role: Role } }) {
  const query = useQuery(approvalsQuery());
  const approvals = query.data?.approvals ?? [];
  const Row = useModuleWhen(approvals.length > 0, loadRows)?.ApprovalRow;
  return (
    <Card
      title="Approvals"
      description="Actions an administrator put under four-eyes control wait here for a second member with the same access. Nothing is done until someone else approves; requests expire after 24 hours."
      flush
    >
      {query.isPending || (approvals.length > 0 && !Row) ? (
        <LoadingLine label="Loading approvals…" className="px-5 py-4" />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} className="m-4" />
      ) : approvals.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No approval requests.</p>
      ) : Row ? (
        <ul className="divide-y divide-slate-100" data-testid="approvals-queue">
          {approvals.map((a) => (
            <Row key={a.id} approval={a} me={me} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
