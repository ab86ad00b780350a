"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import type { ActivityEntry, ActivityQuery } from "@/lib/activity/activity";
import { activityQuery } from "@/lib/client/activity";
import { queryView } from "@/lib/client/query-view";
import { roleLabel } from "@/lib/format/role-label";

// The label already says "— failed" or "— refused"; the dot's colour marks it, not a second word.
const OUTCOME_DOT = { success: "bg-slate-400", denied: "bg-amber-500", failure: "bg-red-600" } as const;

/** Who did what to this object and when, newest first, from the audit trail. */
export function ActivityTimeline(props: ActivityQuery & { description?: string; className?: string }) {
  const { kind, id, account, description, className } = props;
  const query = useQuery(activityQuery({ kind, id, account }));
  const view = queryView(query);
  const retry = () => void query.refetch();
  return (
    <Card className={className} title="Activity" description={description ?? "Who did what here, newest first. From the audit trail."}>
      {view.kind === "loading" ? (
        <LoadingState label="Loading activity…" lines={3} className="border-0 p-0 shadow-none" />
      ) : view.kind === "error" ? (
        <QueryErrorState
          error={view.error}
          title="The activity could not be loaded"
          notFound={{ title: "No activity", message: "Nothing was found." }}
          onRetry={retry}
        />
      ) : (
        <>
          <RefreshFailed failure={view.refreshFailed} onRetry={retry} className="mb-4" />
          {view.data.entries.length === 0 ? (
            <EmptyState title="No activity recorded yet" message="Checks, changes and reveals by staff appear here." />
          ) : (
            <ol className="space-y-0" aria-label="Activity, newest first" data-testid="activity-timeline">
              {view.data.entries.map((entry) => (
                <TimelineItem key={entry.key} entry={entry} />
              ))}
            </ol>
          )}
        </>
      )}
    </Card>
  );
}

function TimelineItem({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="relative border-l-2 border-slate-200 pb-4 pl-4 last:pb-0" data-testid="activity-entry" data-action={entry.action}>
      <span aria-hidden="true" className={`absolute top-1.5 -left-[5px] size-2 rounded-full ${OUTCOME_DOT[entry.outcome]}`} />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{entry.label}</span>
      </div>
      <p className="mt-0.5 text-xs break-words text-slate-600">
        <span>{entry.actor ?? "System"}</span>
        {entry.role ? <span className="text-slate-500"> ({roleLabel(entry.role)})</span> : null}
        <span aria-hidden="true"> · </span>
        <DateTime value={entry.at} relative />
      </p>
      {entry.summary ? <p className="mt-0.5 text-xs break-words text-slate-700">{entry.summary}</p> : null}
      {entry.request_id ? (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
          <span>Request</span>
          <span className="font-mono" title={entry.request_id}>
            {entry.request_id.slice(0, 8)}
          </span>
          <CopyButton value={entry.request_id} label="request id" />
        </p>
      ) : null}
    </li>
  );
}
