import type { ComponentPropsWithoutRef } from "react";
import type { BadgeToneName } from "@/lib/status-tones";
import { cx } from "./cx";

export type BadgeTone = BadgeToneName;

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

// One status → tone map for every badge, shared with lib/ (the verification states use it too).
export { statusTone } from "@/lib/status-tones";
