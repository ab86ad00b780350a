"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useOncePerPress } from "@/components/forms/use-once-per-press";
import { QueryState } from "@/components/shell/query-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { failureMessage } from "@/lib/client/fetcher";
import { ownSessionsQuery, sessionsApi } from "@/lib/client/sessions";
import type { SessionView } from "@/lib/contracts/account";
import { countOf } from "@/lib/format/count";
import { networkLabel } from "@/lib/format/network-label";

/** Where the staff member is signed in, and a way to end any sign-in but this one. */
export function OwnSessions() {
  const query = useQuery(ownSessionsQuery());
  return (
    <div className="space-y-6">
      <PageHeader
        title="Your sessions"
        subtitle="Every browser where you are signed in. End a session you do not recognise: it is signed out at its next request. Sign out here with the button at the top."
      />
      <QueryState query={query} notFound={{ title: "No sessions", message: "Your sessions could not be found." }}>
        {({ sessions }) => (
          <Card
            flush
            title="Signed in"
            description={countOf(sessions.length, "open session")}
            actions={sessions.some((s) => !s.current) ? <EndOthersButton /> : undefined}
          >
            <ul className="divide-y divide-slate-100" aria-label="Open sessions">
              {sessions.map((session) => (
                <SessionItem key={session.id} session={session} />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
    </div>
  );
}

/** One request ends every other session, however many there are; this browser stays signed in. */
function EndOthersButton() {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => sessionsApi.endOthers(),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownSessionsQuery().queryKey }),
  });
  const { press, pending } = useOncePerPress(end);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" size="sm" loading={pending} onClick={() => press()}>
        End all other sessions
      </Button>
      {end.isError ? (
        <p role="alert" className="max-w-sm text-right text-xs text-red-800">
          {failureMessage(end.error, "The other sessions could not be ended. Try again.")}
        </p>
      ) : end.isSuccess ? (
        <p role="status" className="text-xs text-slate-600">
          {countOf(end.data.ended, "other session", "other sessions")} ended.
        </p>
      ) : null}
    </div>
  );
}

function SessionItem({ session }: { session: SessionView }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => sessionsApi.endOwn(session.id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ownSessionsQuery().queryKey }),
  });
  const { press, pending } = useOncePerPress(end);
  return (
    <li data-testid="session-row" className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {session.device}
          {session.current ? <Badge tone="info">This browser</Badge> : null}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
          <span>
            Signed in <DateTime value={session.createdAt} />
          </span>
          <span>
            Last active <DateTime value={session.lastSeenAt} relative />
          </span>
          {session.address ? <span>From {networkLabel(session.address)}</span> : null}
        </p>
        {end.isError ? (
          <p role="alert" className="text-xs text-red-800">
            {failureMessage(end.error, "The session could not be ended. Try again.")}
          </p>
        ) : null}
      </div>
      {session.current ? null : (
        <Button variant="secondary" size="sm" loading={pending} aria-label={`End the session on ${session.device}`} onClick={() => press()}>
          End session
        </Button>
      )}
    </li>
  );
}
