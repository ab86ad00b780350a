import "server-only";
import type { ObjectRead } from "./transactions";
import type { BillView } from "@/lib/contracts/finance";
import type { Bill } from "@/lib/schemas";
import { writeAudit } from "@/server/audit/writer";
import { upstream } from "@/server/upstream/client";
import { readConfirmed, recordSeenQuietly } from "./seen-objects";
import { recordOpenedQuietly } from "./recent";
import { auditTarget } from "@/server/audit/target";
import { normalizeDigits } from "@/lib/validation/sensitive-digits";

/** Letters and digits make a token; whatever is between them is how a text happened to write it. */
const SIGNIFICANT = /[\p{L}\p{N}]/u;
const SIGNIFICANT_ALL = /[\p{L}\p{N}]/gu;
/** Up to this many other characters between two of the token's ("4821-0937", "4821 - 0937"). */
const SEPARATOR = "[^\\p{L}\\p{N}]{0,3}";
/**
 * A token this long is withheld wherever it stands, glued to a word too ("TOKEN:4821…"); a shorter
 * one (a 4-digit PIN) only where it stands alone, or every "1234" of a meter number would go with it.
 */
const WITHHELD_INSIDE_WORDS = 8;

/**
 * Where the token's value is repeated in a text: its letters and digits in order, case aside,
 * whatever separates them. Read on the text's normalised form (normalizeDigits), so digits of
 * another script or full width do not hide it. Null for a token without a letter or digit.
 */
function tokenPattern(token: string): RegExp | null {
  const chars = [...normalizeDigits(token)].filter((c) => SIGNIFICANT.test(c));
  if (chars.length === 0) return null;
  const body = chars.join(SEPARATOR);
  return new RegExp(chars.length >= WITHHELD_INSIDE_WORDS ? body : `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "giu");
}

/**
 * Each of the token's letters and digits as a dot, its separators kept: no longer than what it
 * replaces, so a text withheld still fits the bound its contract sets (a fixed "[withheld]" in
 * place of every "1234" of a 1,000-character detail would not).
 */
function withheld(text: string, token: RegExp): string {
  const normalized = normalizeDigits(text);
  const out = normalized.replace(token, (found) => found.replace(SIGNIFICANT_ALL, "•"));
  return out === normalized ? text : out;
}

/** The object with the token withheld from every string but those named in `keep`. */
function withheldIn<T extends object>(object: T, token: RegExp, keep: ReadonlySet<string>): T {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [key, typeof value === "string" && !keep.has(key) ? withheld(value, token) : value]),
  ) as T;
}

// An id names the bill, and a date-time is no place for a token: a dot in either would break its contract.
const KEEP_TOP = new Set(["id", "created_at", "updated_at"]);
const KEEP_DETAIL = new Set(["token"]);

/**
 * The bill with its token's value withheld from every other field. The token is a secret only the
 * audited reveal hands out, and hiding `bill.token` alone is not enough: the upstream may repeat it
 * in the detail or a message, and masking by value cannot see it (a 20-digit meter token is no card
 * number or BVN). Its value is known here, so it is looked for as such.
 */
export function withTokenWithheld(bill: Bill): Bill {
  const token = bill.bill?.token ? tokenPattern(bill.bill.token) : null;
  if (!token || !bill.bill) return bill;
  return { ...withheldIn(bill, token, KEEP_TOP), bill: withheldIn(bill.bill, token, KEEP_DETAIL) };
}

/** The bill without its token, in its own field or repeated in another: what `GET /api/v1/bills/[id]` sends. */
export function toBillView(bill: Bill): BillView {
  return viewOf(withTokenWithheld(bill));
}

function viewOf(withheldBill: Bill): BillView {
  const { bill: detail, ...rest } = withheldBill;
  if (!detail) return { ...rest, bill: null };
  const { token, ...others } = detail;
  return { ...rest, bill: { ...others, has_token: token !== null && token !== "" } };
}

export async function readBill({ db, actor, input: { id } }: ObjectRead): Promise<BillView> {
  const bill = await readConfirmed({ db, kind: "bill", id, read: () => upstream().getBill(id) });
  const shown = withTokenWithheld(bill);
  await Promise.all([
    recordOpenedQuietly({ db, staffId: actor.id, kind: "bill", id: bill.id }),
    // The index is searched by substring: a token kept there could be found digit by digit.
    recordSeenQuietly({ db, seen: { kind: "bill", object: shown } }),
  ]);
  return viewOf(shown);
}

/**
 * The token, after the reveal is written to the audit log. The audit write comes first and is
 * not quiet: a token that cannot be audited is not revealed.
 */
export async function revealBillToken({
  db,
  actor,
  input: { id },
  requestId,
}: ObjectRead & { requestId: string }): Promise<{ token: string | null }> {
  const bill = await readConfirmed({ db, kind: "bill", id, read: () => upstream().getBill(id) });
  const token = bill.bill?.token ?? null;
  await writeAudit({
    db,
    actor,
    action: "bill.token.reveal",
    target: auditTarget.object("bill", bill.id),
    outcome: "success",
    requestId,
    detail: { hadToken: token !== null && token !== "" },
  });
  return { token: token === "" ? null : token };
}
