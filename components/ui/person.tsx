import { cx } from "./cx";

/** A staff member as an answer names them; the email is absent only where the answer carries none. */
export type PersonRef = { name: string; email?: string | null };

/**
 * A staff member named in a sentence: "Ada Obi (ada@example.com)", the email a shade lighter. Two
 * members may share a name, never an email, so whoever is named as asking, approving, issuing or
 * saving something is drawn with this; the name alone only where the answer has no email.
 */
export function Person({ name, email, className }: PersonRef & { className?: string }) {
  return (
    <span className={cx("break-words", className)}>
      {name}
      {email ? <span className="text-slate-600"> ({email})</span> : null}
    </span>
  );
}
