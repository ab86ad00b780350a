import "server-only";
import { writeAuditQuietly, type AuditActor } from "@/server/audit/writer";
import type { Db } from "@/server/db/types";
import type { OriginalRequest, StoredOutcome } from "./records";

export type ReplayedAction = "card.create" | "credit.simulate";

/** The audit action of a replay: the original's action, marked, so the trail never reads it as a second act. */
export const replayAction = (action: ReplayedAction) => `${action}.replay` as const;

type Replay = {
  db: Db;
  actor: AuditActor;
  action: ReplayedAction;
  target: string;
  requestId: string;
  original: OriginalRequest;
  outcome: StoredOutcome;
  detail: Record<string, unknown>;
};

/**
 * A replay acts on nothing, yet someone was handed an answer about money: the entry names the
 * request whose answer it repeats (its request id and member) and the status repeated; its outcome
 * follows that answer, so a repeated refusal still reads as a failure.
 */
export function auditReplay({ db, actor, action, target, requestId, original, outcome, detail }: Replay): Promise<void> {
  return writeAuditQuietly({
    db,
    actor,
    action: replayAction(action),
    target,
    outcome: outcome.status < 400 ? "success" : "failure",
    requestId,
    detail: { ...detail, replay_of_request_id: original.requestId, original_staff_id: original.staffId, http_status: outcome.status },
  });
}
