"use client";

// A client module though nothing in it needs the browser: the (app) layout's refusals draw it, so it
// travels in the shell's scripts, where the error page and each page's failure states find it
// instead of each carrying its own copy (as they did when it was a server module).

import type { ReactNode } from "react";
import { cx } from "./cx";
import { RetryButton } from "./retry-button";
import { statePanel } from "./state-panel";

type ErrorStateProps = {
  title?: string;
  message: ReactNode;
  /** Shown as a "Try again" button; only from client components (a function cannot cross to the client). */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
};

export function ErrorState({ title = "Something went wrong", message, onRetry, retryLabel, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cx(statePanel, "border-red-200 shadow-sm", className)}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-slate-600">{message}</p>
      {onRetry ? (
        <div className="mt-4">
          <RetryButton onRetry={onRetry} label={retryLabel} />
        </div>
      ) : null}
    </div>
  );
}

export function EmptyState({
  title,
  message,
  action,
  className,
}: {
  title: string;
  message?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx(statePanel, "border-dashed border-slate-300", className)}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {message ? <p className="mx-auto mt-1 max-w-prose text-sm text-slate-500">{message}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
