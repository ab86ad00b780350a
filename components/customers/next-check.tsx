"use client";

import { useBrowserTimeZone } from "@/components/shell/time-zone";
import { DateTime } from "@/components/ui/date-time";
import { countdown } from "@/lib/customers/countdown";
import { useNow } from "./use-now";

/**
 * When the payments API may be asked about a customer again, as the verification panel says it: a
 * countdown, then "can be checked now". Until hydration the server's and the browser's clocks would
 * disagree, so both render the absolute time first.
 */
export function NextCheck({ at }: { at: string | null }) {
  const now = useNow();
  const hydrated = useBrowserTimeZone() !== null;
  const left = countdown(at, now);
  if (at && !hydrated) {
    return (
      <>
        next check after <DateTime value={at} />
      </>
    );
  }
  return left ? (
    <>
      next check in <span className="tabular-nums">{left}</span>
    </>
  ) : (
    <>can be checked now</>
  );
}
