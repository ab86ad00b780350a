import type { ComponentPropsWithoutRef } from "react";
import { cx } from "./cx";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  info: "bg-brand-50 text-brand-700 ring-brand-100",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
};

export function Badge({ tone = "neutral", className, ...props }: ComponentPropsWithoutRef<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      {...props}
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
    />
  );
}

// The spec does not list status values, so map the common words and leave the rest neutral:
// a colour must never claim success for a status we do not know.
const STATUS_TONES: Record<string, BadgeTone> = {
  SUCCESS: "success",
  SUCCESSFUL: "success",
  COMPLETED: "success",
  ACTIVE: "success",
  APPROVED: "success",
  PENDING: "warning",
  PROCESSING: "warning",
  RECONCILIATION_REQUIRED: "warning",
  FAILED: "danger",
  REJECTED: "danger",
  DECLINED: "danger",
  REVERSED: "danger",
};

/** Badge tone for a payment status; case, spaces and hyphens do not matter. */
export function statusTone(status: string | null | undefined): BadgeTone {
  if (!status) return "neutral";
  const key = status.trim().toUpperCase().replace(/[\s-]+/g, "_");
  return STATUS_TONES[key] ?? "neutral";
}
