import { cloneElement, isValidElement, type ComponentPropsWithRef, type ReactElement, type ReactNode } from "react";
import { cx, focusRing } from "./cx";

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

const controlClasses = cx(
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm",
  "placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
  "aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-600",
  focusRing,
);

/** `invalid` is a shortcut for aria-invalid when a control is used outside a Field. */
type Invalid = { invalid?: boolean };

/**
 * Sized by padding around a 20 px line (36 px in all), not by a fixed height: with `height` set,
 * Chromium at 1× density clips the text's bottom pixels inside an input, and the underscores of
 * ids such as txn_usd_0001 vanish. min-h keeps 36 px if a font's line comes out shorter.
 */
export function Input({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithRef<"input"> & Invalid) {
  return (
    <input
      {...props}
      aria-invalid={ariaInvalid ?? (invalid || undefined)}
      className={cx(controlClasses, "min-h-9 py-1.5 leading-5", className)}
    />
  );
}

export function Textarea({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithRef<"textarea"> & Invalid) {
  return (
    <textarea rows={3} {...props} aria-invalid={ariaInvalid ?? (invalid || undefined)} className={cx(controlClasses, "py-2", className)} />
  );
}

export function Select({ invalid, className, "aria-invalid": ariaInvalid, ...props }: ComponentPropsWithRef<"select"> & Invalid) {
  return <select {...props} aria-invalid={ariaInvalid ?? (invalid || undefined)} className={cx(controlClasses, "h-9 pr-8", className)} />;
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
