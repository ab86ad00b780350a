import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cx } from "./cx";

// The controls themselves run in the browser (they keep what a reader chose before hydration).
export { Input, Select, Textarea } from "./controls";

type FieldProps = {
  label: ReactNode;
  /** The id of the control inside; also the stem of the hint and error ids. */
  htmlFor: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

type ControlA11y = { "aria-describedby"?: string; "aria-invalid"?: boolean | "true" | "false" };

/**
 * Label, hint and error around one control. The hint and error are wired to the control with
 * aria-describedby (and aria-invalid on error) so screen readers read them with the field.
 */
export function Field({ label, htmlFor, hint, error, required, className, children }: FieldProps) {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  let control = children;
  if (isValidElement<ControlA11y>(children)) {
    const describedBy = [children.props["aria-describedby"], hintId, errorId].filter(Boolean).join(" ");
    control = cloneElement(children as ReactElement<ControlA11y>, {
      "aria-describedby": describedBy || undefined,
      ...(error ? { "aria-invalid": true } : {}),
    });
  }
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="ml-0.5 text-red-600">
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's one message that belongs to no single field (a refused code, the server's refusal); nothing when there is none. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
