import "server-only";
import type { ApprovalAction } from "@/lib/approvals/actions";
import { fail } from "@/lib/contracts/fail";
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/contracts/idempotency";
import { STAFF_ROLE_HOLD_ERRORS } from "@/lib/contracts/staff";
import type { AppError } from "@/lib/errors";
import { isRole } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";
import { canonicalJson } from "@/server/audit/chain";
import { auditTarget } from "@/server/audit/target";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { findStaffById } from "@/server/auth/staff-repo";
import { cardKeyReused } from "@/server/idempotency/card-key-reused";
import { parseIdempotencyKey } from "@/server/idempotency/key";
import type { Db } from "@/server/db/types";

/** What the wrapper validated from the maker's request, stored on the approval and replayed on approval. */
export type StoredInput = { params: Record<string, unknown>; body: unknown; query: unknown; headers: Record<string, string> };

type Rule = {
  /** Whether this request is the guarded action. */
  applies: (input: StoredInput) => boolean;
  /**
   * What is stored of the validated request, when it is not all of it: a secret the maker sent (a
   * new member's password) is kept only in the form the action itself stores it (its hash).
   */
  keep?: (input: StoredInput) => Promise<StoredInput>;
  /** The headers the handler reads, checked now so a bad one is a 400 to the maker, not a failed approval. */
  keepHeaders: (request: Request) => Record<string, string>;
  /** One intent of the maker: sending it again answers the same pending request. */
  intent: (input: StoredInput) => string;
  /**
   * For an intent the maker names rather than one read from the whole request (an Idempotency-Key):
   * the refusal when that name comes again with a different request.
   */
  reused?: () => AppError;
  /**
   * Whether the open request for this intent is the one sent again (`sent`: as the maker sent it,
   * before `keep`), asked only when the stored and the sent request differ as JSON. For a rule that
   * keeps a changed copy (a password kept only as its hash), where JSON cannot tell.
   */
  sameAs?: (open: StoredInput, sent: StoredInput) => Promise<boolean>;
  /** The one line a checker reads, and what the audit entries name in the form the timelines read (server/audit/target.ts). */
  describe: (db: Db, input: StoredInput) => Promise<{ summary: string; target: string }>;
};

/**
 * Whether two requests ask for the same thing. The headers kept are the intent's own (the key) and
 * the query is never read: what the action does is in params and body. Canonical: the stored copy
 * comes back from jsonb, which orders an object's keys its own way.
 */
export function sameInput(stored: StoredInput, sent: StoredInput): boolean {
  const content = (input: StoredInput) => canonicalJson({ params: input.params, body: input.body ?? null });
  return content(stored) === content(sent);
}

const param = (input: StoredInput, name: string) => String(input.params[name] ?? "");
const body = (input: StoredInput) => (input.body ?? {}) as Record<string, unknown>;

/** A staff member as a summary names them, and the audit target their other entries use. */
async function staffMember(db: Db, id: string): Promise<{ name: string; target: string }> {
  const row = await findStaffById(db, id);
  return row
    ? { name: `${row.name} (${row.email})`, target: auditTarget.object("staff", row.email) }
    : { name: `staff member ${id}`, target: auditTarget.object("staff", id) };
}

/**
 * `staff.role` guards every way a member comes to hold a role or to be able to act: adding a member
 * (`POST /api/staff`, no id) and a PATCH of a member's role or status (`PATCH /api/staff/{id}`):
 * re-enabling a disabled administrator, or disabling the colleagues who would check, is as much a
 * change of who may act as a promotion.
 */
export function isStaffCreation(input: Pick<StoredInput, "params">): boolean {
  return input.params.id === undefined;
}

/** A new member's chosen password, kept hashed: the approved creation stores this very hash (server/approvals/staff-creation.ts). */
async function keepPasswordHashed(input: StoredInput): Promise<StoredInput> {
  const { password, ...rest } = body(input);
  if (rest.generatePassword === true || typeof password !== "string") return { ...input, body: rest };
  return { ...input, body: { ...rest, passwordHash: await hashPassword(password) } };
}

const roleWords = (role: unknown) => (isRole(role) ? roleLabels[role] : String(role));

/**
 * An addition sent again while the first waits: the same when every detail but the password is
 * equal and the password is the one whose hash was kept (a hash is salted, so it is checked, not
 * compared), or both generate one.
 */
async function sameAddition(open: StoredInput, sent: StoredInput): Promise<boolean> {
  const { passwordHash, ...kept } = body(open);
  const { password, ...typed } = body(sent);
  if (canonicalJson({ params: open.params, body: kept }) !== canonicalJson({ params: sent.params, body: typed })) return false;
  if (typeof password !== "string") return passwordHash === undefined;
  return typeof passwordHash === "string" && (await verifyPassword(password, passwordHash));
}

const staffRoleChange: Rule = {
  sameAs: async (open, sent) => isStaffCreation(sent) && (await sameAddition(open, sent)),
  reused: () =>
    fail(
      STAFF_ROLE_HOLD_ERRORS,
      "approval_request_differs",
      "A request for this change is already waiting for approval with other details. Ask a colleague to decline it, or cancel it from the approvals queue, then send the corrected one.",
    ),
  applies: (input) => isStaffCreation(input) || body(input).role !== undefined || body(input).status !== undefined,
  keep: (input) => (isStaffCreation(input) ? keepPasswordHashed(input) : Promise.resolve(input)),
  keepHeaders: () => ({}),
  intent: (input) =>
    isStaffCreation(input)
      ? `create:${String(body(input).email)}:${String(body(input).role)}`
      : `${param(input, "id")}:${String(body(input).role ?? "")}:${String(body(input).status ?? "")}`,
  describe: async (db, input) => {
    const { email, name, role, status } = body(input);
    if (isStaffCreation(input))
      return {
        summary: `Add ${String(name)} (${String(email)}) as ${roleWords(role)}`,
        target: auditTarget.object("staff", String(email)),
      };
    const member = await staffMember(db, param(input, "id"));
    if (role === undefined)
      return {
        summary: `${status === "disabled" ? "Disable" : "Re-enable"} the account of ${member.name}`,
        target: member.target,
      };
    const disable = status === "disabled" ? " and disable the account" : status === "active" ? " and re-enable the account" : "";
    return { summary: `Make ${member.name} ${roleWords(role)}${disable}`, target: member.target };
  },
};

const staffAction = (what: string): Rule => ({
  applies: () => true,
  keepHeaders: () => ({}),
  intent: (input) => param(input, "id"),
  describe: async (db, input) => {
    const member = await staffMember(db, param(input, "id"));
    return { summary: `${what} for ${member.name}`, target: member.target };
  },
});

export const approvalRules: Record<ApprovalAction, Rule> = {
  "card.create": {
    applies: () => true,
    // Checked by route() already (the contract is idempotent); kept so the approved run has it.
    keepHeaders: (request) => ({ [IDEMPOTENCY_KEY_HEADER]: parseIdempotencyKey(request.headers.get(IDEMPOTENCY_KEY_HEADER)) }),
    // The Idempotency-Key names the maker's intent already: a retried request finds its approval.
    intent: (input) => input.headers[IDEMPOTENCY_KEY_HEADER] ?? "",
    reused: cardKeyReused,
    describe: async (_db, input) => ({
      summary: `Issue a card to customer ${String(body(input).customer_id)}${body(input).confirm_additional === true ? " (a second card within 24 hours, confirmed)" : ""}`,
      target: auditTarget.customer(String(body(input).customer_id)),
    }),
  },
  "staff.role": staffRoleChange,
  "staff.password_reset": staffAction("Password reset"),
  "staff.second_factor_reset": staffAction("Two-factor reset"),
  "bvn.reveal": {
    applies: () => true,
    keepHeaders: () => ({}),
    intent: (input) => param(input, "id"),
    describe: async (_db, input) => ({
      summary: `Reveal the full record of BVN lookup ${param(input, "id")}`,
      target: auditTarget.object("bvn-lookup", param(input, "id")),
    }),
  },
};
