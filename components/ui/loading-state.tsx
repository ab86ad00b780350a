import { cx } from "./cx";

type LoadingStateProps = {
  label?: string;
  lines?: number;
  className?: string;
  /** What the payments API is being asked for ("the business profile"): said after a second of waiting. */
  waitingFor?: string;
  /** False where a line above already says what is awaited (the card page's progress line): the skeleton alone. */
  note?: boolean;
};

/**
 * Skeleton lines; the text is for screen readers, the shapes for everyone else. After a second a line
 * says what is being waited for, so a slow day reads as a slow payments API and not as a broken page.
 * The delay is CSS (`reveal-later`), so a server-rendered skeleton says it without any script.
 */
export function LoadingState({ label = "Loading…", lines = 4, className, waitingFor, note = true }: LoadingStateProps) {
  return (
    <div
      // Without its note the skeleton is only shapes: the line above is what a screen reader hears.
      {...(note ? { role: "status", "aria-busy": true, "aria-live": "polite" as const } : { "aria-hidden": true })}
      className={cx("rounded-lg border border-slate-200 bg-white p-6 shadow-sm", className)}
    >
      {note ? (
        <>
          <span className="sr-only">{label}</span>
          <p data-testid="waiting-note" className="reveal-later mb-3 text-sm text-slate-600">
            {waitingFor ? `Waiting for the payments API: ${waitingFor}…` : "Still loading…"}
          </p>
        </>
      ) : null}
      <div aria-hidden="true" className="animate-pulse space-y-3">
        <div className="h-5 w-1/3 rounded bg-slate-200" />
        {Array.from({ length: lines }, (_, i) => (
          <div key={i} className={cx("h-3.5 rounded bg-slate-100", i % 3 === 2 ? "w-2/3" : "w-full")} />
        ))}
      </div>
    </div>
  );
}

/**
 * A panel's list while it loads, in the room of the panel's one-line note for an empty list ("No
 * approval requests."): on a quiet day nothing below moves when the answer comes, where a skeleton
 * taller than the answer would pull the rest of the page up. A list with rows still grows.
 */
export function LoadingLine({ label, className }: { label: string; className?: string }) {
  return (
    <p role="status" aria-busy="true" className={cx("text-sm text-slate-500", className)}>
      {label}
    </p>
  );
}
