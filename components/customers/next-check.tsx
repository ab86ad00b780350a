"use client";

import { useNow } from "@/components/shell/clock";
import { DateTime } from "@/components/ui/date-time";
import { countdown } from "@/lib/customers/countdown";

/**
 * When the payments API may be asked about a customer again, as the verification panel says it: a
 * countdown, then "can be checked now", counted from the server's render time until hydrated (the
 * page's clock). Outside the signed-in shell, which gives no render time, the absolute time until then.
 */
export function NextCheck({ at }: { at: string | null }) {
  const now = useNow(1_000);
  if (at && now === null) {
    return (
      <>
        next check after <DateTime value={at} />
      </>
    );
  }
  const left = now === null ? null : countdown(at, now);
  return left ? (
    <>
      next check in <span className="tabular-nums">{left}</span>
    </>
  ) : (
    <>can be checked now</>
  );
}
