"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { countOf } from "@/lib/format/count";
import { auditCheckpointQuery } from "@/lib/client/audit";

/** The latest signed checkpoint and whether the trail verifies against it, in its own request like the chain's. */
export function CheckpointStatus() {
  const query = useQuery(auditCheckpointQuery());
  if (query.isPending) return <p className="text-sm text-slate-500">Checking the trail against the latest signed checkpoint…</p>;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The checkpoint could not be checked: {query.error.message}
      </p>
    );
  const s = query.data;
  if (s.state === "not_configured")
    return (
      <p data-testid="checkpoint-status" className="text-sm text-slate-500">
        No signed checkpoints: set AUDIT_SIGNING_KEY_FILE and AUDIT_CHECKPOINT_DIR to have them written.
      </p>
    );
  if (s.state === "none")
    return (
      <p data-testid="checkpoint-status" className="text-sm text-slate-500">
        No signed checkpoint has been written yet.
      </p>
    );
  return (
    <div data-testid="checkpoint-status" role={s.ok ? undefined : "alert"} className="flex flex-wrap items-center gap-2 text-sm">
      <Badge tone={s.ok ? "success" : "danger"}>{s.ok ? "Matches the signed checkpoint" : "Does not match the signed checkpoint"}</Badge>
      {s.latest && (
        <span>
          Latest checkpoint: {countOf(s.latest.size, "entry", "entries")}, signed <DateTime value={s.latest.signedAt} />.
        </span>
      )}
      {/* The verifier's own line (file name, ISO time) says why a mismatch is one; when all is well it only repeats the badge. */}
      {s.ok ? (
        <details className="w-full text-slate-600" data-testid="checkpoint-technical">
          <summary className="cursor-pointer hover:text-slate-900">Technical details</summary>
          <p className="mt-1 font-mono text-xs break-words">{s.summary}</p>
        </details>
      ) : (
        <span className="w-full break-words text-slate-600">{s.summary}</span>
      )}
    </div>
  );
}
