import type { ComponentPropsWithRef } from "react";
import { cx, focusRing } from "./cx";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

// White on the solid variants is a fixed value: the dark theme turns `white` into a surface colour.
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-[#fff] shadow-sm hover:bg-brand-700 dark:hover:bg-brand-500",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50",
  danger: "bg-red-600 text-[#fff] shadow-sm hover:bg-red-700 focus-visible:outline-red-600 dark:hover:bg-red-500",
  ghost: "text-slate-700 hover:bg-slate-100",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 px-3 text-xs",
  md: "h-9 gap-2 px-4 text-sm",
};

/** Button look for elements that are not buttons (a `<Link>` styled as an action). */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cx(
    "inline-flex items-center justify-center whitespace-nowrap rounded-md font-medium transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60",
    focusRing,
    variants[variant],
    sizes[size],
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cx("size-4 animate-spin", className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export type ButtonProps = ComponentPropsWithRef<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks a second submit while a request is in flight. */
  loading?: boolean;
};

// React 19 passes `ref` as an ordinary prop, so no forwardRef wrapper is needed.
export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  type = "button",
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClasses(variant, size), "relative", className)}
    >
      {/* The spinner stands over the label, which keeps its place (and its accessible name): a
          button that grew as it started loading would push its neighbours aside. */}
      {loading ? <Spinner className="absolute" /> : null}
      <span className={cx("inline-flex items-center", size === "sm" ? "gap-1.5" : "gap-2", loading && "opacity-0")}>{children}</span>
    </button>
  );
}
