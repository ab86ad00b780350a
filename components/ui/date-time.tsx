"use client";

import { useNow } from "@/components/shell/clock";
import { useTimeZone } from "@/components/shell/time-zone";
import { formatDateTime, formatRelative } from "@/lib/format/dates";
import { cx } from "./cx";

type DateTimeProps = {
  value: string | null | undefined;
  /** "3 minutes ago", with the full local time in the tooltip. */
  relative?: boolean;
  className?: string;
};

/**
 * In the staff member's zone: the one they chose, else their browser's. The server knows a chosen
 * zone but not the browser's: without a choice, the server render and hydration show UTC (labelled)
 * and right after hydration React re-renders in the browser's zone, so markup never mismatches.
 */
export function DateTime({ value, relative = false, className }: DateTimeProps) {
  const { zone } = useTimeZone();
  // Until hydrated, the server's render time: both draw the same "3 minutes ago".
  const now = useNow();
  const parsed = value ? !Number.isNaN(Date.parse(value)) : false;
  if (!value || !parsed) {
    return <span className={cx(!value && "text-slate-500", className)}>{formatDateTime(value ?? null)}</span>;
  }
  const absolute = formatDateTime(value, { timeZone: zone, zoneName: true });
  // The absolute form always names its zone ("GMT+1", "UTC"): a bare "23:32" in a screenshot or a
  // ticket would be read in whoever's zone reads it.
  const asRelative = relative && now !== null;
  const text = asRelative ? formatRelative(value, now) : absolute;
  return (
    <time
      dateTime={value}
      title={asRelative ? absolute : `${value} (UTC as sent by the API)`}
      className={cx("whitespace-nowrap tabular-nums", className)}
    >
      {text}
    </time>
  );
}
