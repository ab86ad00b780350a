"use client";

import { Link } from "@/components/ui/link";
import { cx, focusRing } from "@/components/ui/cx";
import { zoneLabel, zoneShortName } from "@/lib/time/zone";
import { useTimeZone } from "./time-zone";

/**
 * The zone every date on screen is in, in the header; opens the setting on the account page.
 * The full name ("Africa/Lagos") where the header has room; the short one ("GMT+1", as every timestamp
 * writes it) on a phone and beside the signed-in block from 1024 px, with the full name in the
 * tooltip and for screen readers. Below 24rem (a 360 px phone) only the clock icon: the name beside it
 * would be cut, and every time on the page writes its zone anyway.
 */
export function TimeZoneBadge() {
  const { zone, stored, settled } = useTimeZone();
  const source = stored ? "your choice" : "your browser’s";
  return (
    <Link
      href="/account#time-zone"
      data-testid="header-time-zone"
      title={
        settled
          ? `Dates are shown in ${zoneLabel(zone)} (${source}). Change it on your account page.`
          : "Change the time zone dates are shown in"
      }
      className={cx(
        "inline-flex h-10 max-w-[7rem] shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 text-xs text-slate-700 hover:bg-slate-50 max-[24rem]:w-10 max-[24rem]:justify-center sm:max-w-[14rem]",
        focusRing,
      )}
    >
      <svg
        aria-hidden
        viewBox="0 0 20 20"
        className="hidden size-4 shrink-0 max-[24rem]:block sm:block"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="10" cy="10" r="7" />
        <path d="M10 6v4l2.5 2" strokeLinecap="round" />
      </svg>
      <span className="sr-only">Time zone: </span>
      {/* Before the browser's zone is known this names UTC, the zone the server render's dates are
          in, rather than a placeholder of another width: in a UTC browser nothing moves once it is known. */}
      <span className="truncate max-[24rem]:hidden sm:hidden lg:inline" aria-hidden>
        {zoneShortName(zone)}
      </span>
      <span className="sr-only sm:not-sr-only sm:truncate lg:sr-only">{zoneLabel(zone)}</span>
    </Link>
  );
}
