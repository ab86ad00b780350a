import { cx, focusRing } from "./cx";

/**
 * In place of a part of a page whose code could not be fetched (a chunk lost on a flaky connection,
 * see useModuleWhen): says so, and "Try again" fetches it afresh. The page around it still works.
 */
export function LoadFailed({ onRetry, onCancel, className }: { onRetry: () => void; onCancel?: () => void; className?: string }) {
  return (
    <p role="alert" className={cx("text-sm text-red-700", className)} data-testid="load-failed">
      Could not load this part.{" "}
      <button type="button" className={cx("font-medium underline", focusRing)} onClick={onRetry}>
        Try again
      </button>
      {onCancel ? (
        <>
          {" "}
          <button type="button" className={cx("ml-2 font-medium text-slate-700 underline", focusRing)} onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : null}
    </p>
  );
}
