import type { ReactNode } from "react";
import { cx, focusRing } from "./cx";
import { Link } from "./link";

type Props = {
  /** Null when there is no page to open (objectHref's answer for an id that could not name one). */
  href: string | null;
  /** Layout, shared by both forms. */
  className: string;
  /** What only the link form adds (colour, underline, hover). */
  linkClassName?: string;
  title?: string;
  children: ReactNode;
};

/**
 * A link to an object's page, or the same content unlinked when there is none: ids also come from
 * upstream answers and webhooks, and one outside the path allowlist is shown, never linked to a 400.
 */
export function MaybeLink({ href, className, linkClassName, title, children }: Props) {
  if (href === null)
    return (
      <span className={className} title={title}>
        {children}
      </span>
    );
  return (
    <Link href={href} className={cx(className, linkClassName, focusRing)} title={title}>
      {children}
    </Link>
  );
}
