import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

export const PASSWORD_MIN_LENGTH = 12;
/** The sign-in form accepts at most this many characters, so a longer password could never be used. */
export const PASSWORD_MAX_LENGTH = 1024;

let common: Set<string> | undefined;

/** The shipped list of common passwords (server/auth/common-passwords.txt), read once. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(process.cwd(), "server", "auth", "common-passwords.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return common;
}

/**
 * Why a new password is not acceptable, as a sentence for the form; null when it is. Common means
 * on the list as typed, or a listed word with digits and symbols tacked on ("password2024!").
 */
export function newPasswordProblem(password: string, context: { email?: string } = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.normalize("NFKC").toLowerCase();
  const list = commonPasswords();
  const stem = lower.replace(/[\d\W_]+$/u, "");
  if (list.has(lower) || (stem.length >= 4 && list.has(stem)))
    return "This password is too common. Choose one that is not on lists of popular passwords.";
  if (new Set(lower).size <= 2) return "Use more than two different characters.";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && lower.includes(local)) return "Do not use your email address in your password.";
  return null;
}
