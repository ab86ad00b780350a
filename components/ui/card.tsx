import { useId, type ReactNode } from "react";
import { cx } from "./cx";

type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  /** Removes the body padding, for tables that run edge to edge. */
  flush?: boolean;
  className?: string;
  /** The section's id, for a link to it from another page ("/#approvals"). */
  id?: string;
  children?: ReactNode;
};

/** A titled section; the title names the region so screen-reader users can jump between cards. */
export function Card({ title, description, actions, flush = false, className, id, children }: CardProps) {
  const titleId = useId();
  const hasHeader = Boolean(title || description || actions);
  return (
    <section
      id={id}
      aria-labelledby={title ? titleId : undefined}
      // `relative` makes the card the containing block of absolutely placed content inside (screen-reader
      // text in a wide table header, say): without it overflow-hidden does not clip that content, and
      // a phone-width page grows sideways.
      className={cx("relative overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm", className)}
    >
      {hasHeader ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            {title ? (
              <h2 id={titleId} className="text-sm font-semibold text-slate-900">
                {title}
              </h2>
            ) : null}
            {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
          </div>
          {/* Never wider than the card: a long message under a button (an error with its request id) wraps
              instead of pushing the button out of a phone-width card. */}
          {actions ? <div className="flex max-w-full shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children !== undefined && children !== null ? <div className={flush ? undefined : "px-5 py-4"}>{children}</div> : null}
    </section>
  );
}
