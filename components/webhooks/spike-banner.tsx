import { Link } from "@/components/ui/link";
import { focusRing } from "@/components/ui/cx";
import { SPIKE_FACTOR, SPIKE_MIN_REFUSED, type RefusedPerHour } from "@/lib/webhooks/delivery-log";

/** Said when refused deliveries spike (see isRefusalSpike): what it likely means and where to look. */
export function RefusalSpikeBanner({ stats, linkToLog = true }: { stats: RefusedPerHour; linkToLog?: boolean }) {
  if (!stats.spike) return null;
  return (
    <div role="alert" data-testid="refusal-spike" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{stats.lastHour} incoming updates refused in the last hour: far more than usual.</p>
      <p className="mt-1">
        Verification decisions that are refused do not reach customers&apos; statuses. The usual causes: the sender&apos;s secret was
        changed on one side only, or someone is sending forged requests. (Raised at {SPIKE_MIN_REFUSED} or more in an hour and at least{" "}
        {SPIKE_FACTOR} times the hourly average of the day before.)
        {linkToLog ? (
          <>
            {" "}
            <Link href="/webhooks?outcome=refused" className={`rounded font-medium underline ${focusRing}`}>
              See the refused deliveries
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
