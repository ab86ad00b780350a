"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { DateTime } from "@/components/ui/date-time";
import { countOf } from "@/lib/format/count";
import { auditCheckpointQuery } from "@/lib/client/audit";
import type { CheckpointStatus as CheckpointView } from "@/lib/contracts/audit";
import { queryView } from "@/lib/client/query-view";

/** The latest signed checkpoint and whether the trail verifies against it, in its own request like the chain's. */
export function CheckpointStatus() {
  const query = useQuery(auditCheckpointQuery());
  const view = queryView(query);
  const retry = () => void query.refetch();
  if (view.kind === "loading") return <Status busy verdict="Checking" line="Reading the latest signed checkpoint…" />;
  if (view.kind === "error")
    return <QueryErrorState compact error={view.error} title="The checkpoint could not be checked" onRetry={retry} />;
  return (
    <>
      <RefreshFailed failure={view.refreshFailed} onRetry={retry} />
      <Verdict status={view.data} />
    </>
  );
}

/** What the check found, as last read. */
function Verdict({ status: s }: { status: CheckpointView }) {
  if (s.state === "not_configured")
    return <Status verdict="Checkpoints not configured" line="Set AUDIT_SIGNING_KEY_FILE and AUDIT_CHECKPOINT_DIR to sign them." />;
  if (s.state === "none") return <Status verdict="No checkpoint yet" line="Checkpoints are configured; none has been signed yet." />;
  const line = s.latest ? (
    <>
      Latest checkpoint: {countOf(s.latest.size, "entry", "entries")}, signed <DateTime value={s.latest.signedAt} />.
    </>
  ) : (
    "The latest checkpoint's name does not say its size or time."
  );
  return s.ok ? (
    // The verifier's own line (file name, ISO time) only repeats the badge when all is well: folded.
    <Status tone="success" verdict="Matches the signed checkpoint" line={line}>
      <details className="text-slate-600" data-testid="checkpoint-technical">
        <summary className="cursor-pointer hover:text-slate-900">Technical details</summary>
        <p className="mt-1 font-mono text-xs break-words">{s.summary}</p>
      </details>
    </Status>
  ) : (
    // It says why a mismatch is one: in full, an alarm that may take the room it needs.
    <Status alert tone="danger" verdict="Does not match the signed checkpoint" line={line}>
      <p className="break-words text-slate-600">{s.summary}</p>
    </Status>
  );
}

/**
 * The same three lines in every state: the verdict, one sentence (two lines' room below 640 px, one
 * from there, which it fits from a 360 px phone up), and the technical details or an empty line of
 * their height. So the filters and the trail below do not move when the check answers (a layout shift
 * while staff read the page); only a mismatch, an alarm, may be taller.
 */
function Status({
  verdict,
  line,
  tone = "neutral",
  busy = false,
  alert = false,
  children,
}: {
  verdict: string;
  line: ReactNode;
  tone?: BadgeTone;
  busy?: boolean;
  alert?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      // The tests' handle on an answer: the waiting state has none.
      data-testid={busy ? undefined : "checkpoint-status"}
      role={alert ? "alert" : undefined}
      aria-busy={busy || undefined}
      className="flex flex-col items-start gap-1 text-sm"
    >
      <Badge tone={tone}>{verdict}</Badge>
      <p className={cx("min-h-10 sm:min-h-5", busy && "text-slate-500")}>{line}</p>
      {children ?? (
        <p aria-hidden="true" className="invisible">
          Technical details
        </p>
      )}
    </div>
  );
}
