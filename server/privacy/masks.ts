/**
 * How personal and account data (masked) are shown: the one place that decides it. Masking happens
 * on the server only (the logs, the audit trail, the BVN view, the bill token): the browser receives
 * masked values and never the means to unmask.
 */
import "server-only";
import { EMPTY } from "@/lib/format/empty";

// Personal and account data is masked by default; only the tail is shown so staff can match
// it with what a customer reads out. The mask has a fixed length so it does not leak length.

const DOT = "•";

/**
 * "•••••••1234". A value no longer than `visible` is masked whole: showing it would reveal all.
 * `kept: "tail"`: the value is what was kept of a longer one (an audit entry's last four digits of a
 * BVN), shown as the whole value would be; a shorter one is still masked whole.
 */
export function maskTail(value: string | null | undefined, visible = 4, { kept = "whole" }: { kept?: "whole" | "tail" } = {}): string {
  const text = value?.trim() ?? "";
  if (text === "") return EMPTY;
  const keep = Math.max(0, Math.floor(visible));
  if (text.length < keep || (text.length === keep && kept === "whole")) return DOT.repeat(7);
  return DOT.repeat(7) + (keep > 0 ? text.slice(-keep) : "");
}

/** "j•••@example.com": first letter of the mailbox and the whole domain. */
export function maskEmail(email: string | null | undefined): string {
  const text = email?.trim() ?? "";
  if (text === "") return EMPTY;
  const at = text.lastIndexOf("@");
  if (at <= 0) return maskTail(text, 0);
  return `${text.slice(0, 1)}${DOT.repeat(3)}${text.slice(at)}`;
}

/** "+•••••••••78": the leading "+" and the last 2 digits. */
export function maskPhone(phone: string | null | undefined): string {
  const text = phone?.trim() ?? "";
  if (text === "") return EMPTY;
  const digits = text.replace(/\D/g, "");
  if (digits.length <= 2) return DOT.repeat(9);
  return `${text.startsWith("+") ? "+" : ""}${DOT.repeat(9)}${digits.slice(-2)}`;
}
