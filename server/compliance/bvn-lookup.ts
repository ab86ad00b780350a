import "server-only";
import { fail } from "@/lib/contracts/fail";
import { postBvnLookup, postBvnReveal } from "@/lib/contracts/compliance";
import { randomUUID } from "node:crypto";
import { isAppError } from "@/lib/errors";
import type { BvnLookupResult, BvnRecentLookups, BvnRevealResult } from "@/lib/contracts/compliance";
import { bvnLookupRequestSchema, type BvnLookupRequest } from "@/lib/schemas/bvn";
import { maskPersonal } from "@/server/privacy";
import type { AuditAnswer } from "@/server/audit/answer-entries";
import { writeAudit } from "@/server/audit/writer";
import type { StaffMember } from "@/server/auth/staff-repo";
import { parseOrThrow } from "@/server/validate";
import type { Db } from "@/server/db/types";
import { env } from "@/server/env";
import type { UpstreamApi } from "@/server/upstream/operations";
import { rememberLookup, recallLookup } from "./bvn-cache";
import { bvnHash, bvnLast4 } from "./bvn-hash";
import { BVN_LOOKUP_ACTION, BVN_LOOKUP_REQUEST_ACTION, BVN_REVEAL_ACTION, RECENT_WINDOW_HOURS, recentLookups } from "./bvn-history";
import { maskBvnRecord } from "./bvn-mask";
import { reserveLookup } from "./bvn-quota";
import { auditTarget } from "@/server/audit/target";

/** A lookup: the staff member, the number and purpose, the API to ask (the upstream, or a test's) and the hourly quota (from the environment when left out). */
type Lookup = { db: Db; actor: StaffMember; input: BvnLookupRequest; requestId: string; api: UpstreamApi; perHour?: number };

const targetOf = (number: string) => auditTarget.object("bvn", maskPersonal("bvn", number));

export async function checkRecentLookups({ db, input: { number } }: { db: Db; input: { number: string } }): Promise<BvnRecentLookups> {
  return { windowHours: RECENT_WINDOW_HOURS, lookups: await recentLookups(db, bvnHash(number)) };
}

/**
 * One lookup: validate → reserve (quota counted and the request audited with its purpose, in one
 * short transaction committed first) → upstream → completion audit (last four digits + keyed hash,
 * never the number) → the full record kept (sealed, 10 minutes) for reveal → the masked record back.
 * If the request entry cannot be written, nothing is sent upstream. A repeat is not refused: the
 * "recently looked up" warning is the form's job, before the staff member decides.
 */
export async function lookupBvn({ db, actor: staff, input: rawInput, requestId, api, perHour: quota }: Lookup): Promise<BvnLookupResult> {
  // The route validates too; checked here as well so no caller can send unvetted text upstream or into the audit trail.
  const input = parseOrThrow(bvnLookupRequestSchema, rawInput);
  const perHour = quota ?? env().bvnLookupsPerHour;
  const reservation = randomUUID();
  const base = {
    actor: staff,
    target: targetOf(input.number),
    requestId,
  };
  const detail = { bvnLast4: bvnLast4(input.number), bvnHash: bvnHash(input.number), purpose: input.purpose };

  const reserved = await reserveLookup({
    db,
    staffId: staff.id,
    perHour,
    entry: {
      ...base,
      action: BVN_LOOKUP_REQUEST_ACTION,
      outcome: "success",
      detail: { ...detail, reservation, perHour },
    },
  });
  if (!reserved.admitted) {
    await writeAudit({ db, ...base, action: BVN_LOOKUP_ACTION, outcome: "denied", detail: { ...detail, reason: "quota", perHour } });
    throw fail(
      postBvnLookup,
      "bvn_quota_exceeded",
      `You have made ${perHour} BVN lookups in the last hour, the most allowed. Try again later, or ask an administrator if a case needs more.`,
    );
  }

  const complete = (outcome: "success" | "failure", extra: Record<string, unknown>) =>
    writeAudit({ db, ...base, action: BVN_LOOKUP_ACTION, outcome, detail: { ...detail, reservation, ...extra } });

  let record;
  try {
    record = await api.lookupBvn(input.number);
  } catch (error) {
    const failure = isAppError(error) ? error : null;
    await complete("failure", { code: failure?.code ?? "error" });
    if (failure?.status === 404) {
      throw fail(postBvnLookup, "not_found", "No identity record matches this BVN. Check the number with the customer and try again.");
    }
    // The upstream client answers a 400 only as upstream_rejected_request (server/upstream/error-mapping.ts).
    if (failure?.status === 400) {
      throw fail(
        postBvnLookup,
        "upstream_rejected_request",
        "The identity service did not accept this BVN. Check the number and try again.",
      );
    }
    throw error;
  }

  const { lookupId, expiresAt } = await rememberLookup(db, { staffId: staff.id, record, purpose: input.purpose });
  await complete("success", { lookupId });
  return { lookupId, expiresAt: expiresAt.toISOString(), masked: true, record: maskBvnRecord(record) };
}

/** The full values of one of this staff member's own recent lookups, audited with its purpose. */
export async function revealBvn({
  db,
  actor: staff,
  input: { id: lookupId },
  requestId,
  auditAnswer,
}: {
  db: Db;
  actor: StaffMember;
  input: { id: string };
  requestId: string;
  /** The route's (HandlerContext): on an approval's grant, the entry lands only if the values are sent. */
  auditAnswer: AuditAnswer;
}): Promise<BvnRevealResult> {
  const cached = await recallLookup(db, lookupId, staff.id);
  if (!cached) {
    await writeAudit({
      db,
      actor: staff,
      action: BVN_REVEAL_ACTION,
      target: auditTarget.object("bvn-lookup", lookupId),
      outcome: "failure",
      requestId,
      detail: { lookupId, reason: "expired_or_unknown" },
    });
    throw fail(
      postBvnReveal,
      "lookup_expired",
      "This result can no longer be revealed: full values are kept for 10 minutes, for the staff member who looked them up. Look the BVN up again if you still need them.",
    );
  }
  await auditAnswer({
    actor: staff,
    action: BVN_REVEAL_ACTION,
    target: targetOf(cached.record.bvn),
    outcome: "success",
    requestId,
    detail: { lookupId, bvnLast4: bvnLast4(cached.record.bvn), purpose: cached.purpose },
  });
  return { lookupId, masked: false, record: cached.record };
}
