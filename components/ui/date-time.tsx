"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime, formatRelative } from "@/lib/format/dates";
import { cx } from "./cx";

type DateTimeProps = {
  value: string | null | undefined;
  /** "3 minutes ago", with the full local time in the tooltip. */
  relative?: boolean;
  className?: string;
};

const noop = () => () => {};

/**
 * The server does not know the viewer's time zone. The server render and hydration show UTC
 * (labelled); right after hydration React re-renders with the viewer's zone, so markup never
 * mismatches. Client-side navigations render the local time directly.
 */
export function DateTime({ value, relative = false, className }: DateTimeProps) {
  const hydrated = useSyncExternalStore(noop, () => true, () => false);
  const parsed = value ? !Number.isNaN(Date.parse(value)) : false;
  if (!value || !parsed) {
    return <span className={cx(!value && "text-slate-500", className)}>{formatDateTime(value ?? null)}</span>;
  }
  const absolute = hydrated ? formatDateTime(value, { zoneName: true }) : formatDateTime(value, { timeZone: "UTC", zoneName: true });
  // The absolute form always names its zone ("GMT+1", "UTC"): filters and CSVs are in UTC, the
  // screen in the viewer's zone, and a bare "23:32" would be read in either.
  const text = relative && hydrated ? formatRelative(value) : absolute;
  return (
    <time dateTime={value} title={relative && hydrated ? absolute : `${value} (UTC as sent by the API)`} className={cx("whitespace-nowrap tabular-nums", className)}>
      {text}
    </time>
  );
}
