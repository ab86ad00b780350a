import type { ReactNode } from "react";
import { EMPTY } from "@/lib/format/empty";
import { CopyButton } from "./copy-button";
import { cx } from "./cx";

export function DescriptionList({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cx("grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2", className)}>{children}</dl>;
}

type DescriptionItemProps = {
  label: string;
  value: ReactNode;
  /** Monospace for ids, references and account numbers. */
  mono?: boolean;
  /** Adds a copy button; `true` copies the value itself (text values only), a string copies that. */
  copy?: boolean | string;
  /** Spans both columns, for long values like addresses. */
  wide?: boolean;
};

export function DescriptionItem({ label, value, mono, copy, wide }: DescriptionItemProps) {
  // null, undefined and "" read as missing: an empty cell looks like a rendering bug.
  const missing = value === null || value === undefined || value === "";
  const copyValue =
    typeof copy === "string" ? copy : copy && (typeof value === "string" || typeof value === "number") ? String(value) : null;
  return (
    <div className={cx("min-w-0", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1 text-sm text-slate-900">
        {missing ? (
          <span className="text-slate-500">{EMPTY}</span>
        ) : (
          <span className={cx("min-w-0 break-words", mono && "font-mono text-[13px]")}>{value}</span>
        )}
        {!missing && copyValue ? <CopyButton value={copyValue} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  );
}
