import "server-only";
import * as accountContracts from "@/lib/contracts/account";
import type { SessionView } from "@/lib/contracts/account";
import { GUARD_ERRORS, UNAUTHENTICATED_MESSAGE } from "@/lib/contracts/errors";
import { fail } from "@/lib/contracts/fail";
import * as staffContracts from "@/lib/contracts/staff";
import { describeDevice } from "@/lib/sessions/device";
import { auditedChange } from "@/server/audit/audited-change";
import { listOpenSessions, revokeAllSessions, revokeSession } from "@/server/auth/session-store";
import { findStaffById, type StaffMember } from "@/server/auth/staff-repo";
import type { StaffSessionRow } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { auditTarget } from "@/server/audit/target";

function view(row: StaffSessionRow, currentSessionId: string | undefined): SessionView {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    device: describeDevice(row.userAgent),
    address: row.address,
    current: row.id === currentSessionId,
  };
}

/** The caller's own open sessions, the current one marked (and listed first). */
export async function listOwnSessions({
  db,
  actor: me,
  currentSessionId,
}: {
  db: Db;
  actor: StaffMember;
  currentSessionId: string | undefined;
}): Promise<{ sessions: SessionView[] }> {
  const rows = await listOpenSessions(db, me.id);
  const sessions = rows.map((row) => view(row, currentSessionId)).sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** Ends one of the caller's own sessions (the current one included: that is signing out elsewhere's twin). */
export async function endOwnSession({
  db,
  actor: me,
  input: { id: sessionId },
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string };
  requestId: string;
}): Promise<{ ended: number }> {
  return auditedChange(db, async (tx) => {
    const ended = await revokeSession(tx, me.id, sessionId);
    if (!ended) throw fail(accountContracts.endOwnSession, "not_found", "That session is not one of your open sessions. Reload the list.");
    return {
      result: { ended: 1 },
      audit: { actor: me, action: "account.sessions.end", target: auditTarget.object("session", sessionId), outcome: "success", requestId },
    };
  });
}

/**
 * Ends every open session of the caller but the current one. Idempotent: a second call (or twenty
 * at once) ends what is left, which may be nothing. Without a current session there is nothing to
 * keep, and ending them all would sign the caller out mid-request: refused rather than guessed.
 */
export async function endOtherOwnSessions({
  db,
  actor,
  currentSessionId,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  currentSessionId: string | undefined;
  requestId: string;
}): Promise<{ ended: number }> {
  if (!currentSessionId) throw fail(GUARD_ERRORS, "unauthenticated", UNAUTHENTICATED_MESSAGE);
  return auditedChange(db, async (tx) => {
    const ended = await revokeAllSessions(tx, actor.id, currentSessionId);
    return {
      result: { ended },
      audit: {
        actor,
        action: "account.sessions.end",
        target: auditTarget.object("staff", actor.email),
        outcome: "success",
        requestId,
        detail: { ended, others: true },
      },
    };
  });
}

/** An administrator ends every open session of a staff member (their own current one is kept). */
export async function endStaffSessions({
  db,
  actor: admin,
  input: { id: staffId },
  adminSessionId,
  requestId,
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string };
  adminSessionId: string | undefined;
  requestId: string;
}): Promise<{ ended: number }> {
  const member = await findStaffById(db, staffId);
  if (!member) throw fail(staffContracts.endStaffSessions, "not_found", "No staff member has that id.");
  return auditedChange(db, async (tx) => {
    const ended = await revokeAllSessions(tx, staffId, staffId === admin.id ? adminSessionId : undefined);
    return {
      result: { ended },
      audit: {
        actor: admin,
        action: "staff.sessions.end",
        target: auditTarget.object("staff", member.email),
        outcome: "success",
        requestId,
        detail: { ended },
      },
    };
  });
}
