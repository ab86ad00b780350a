import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { focusRing } from "@/components/ui/cx";
import type { RefusedPerHour } from "@/lib/webhooks/delivery-log";

/** "3 h ago" for bar i (i = 0 is the last 60 minutes). */
const hourName = (i: number) => (i === 0 ? "last 60 minutes" : `${i}–${i + 1} hours ago`);

/**
 * The admin home's count of refused incoming updates, per hour over the last day (oldest on the
 * left); the last hour's bar is red when it spikes (the page's banner says so at its top).
 */
export function RefusedDeliveriesPanel({ stats }: { stats: RefusedPerHour }) {
  const total = stats.hours.reduce((a, b) => a + b, 0);
  const top = Math.max(1, ...stats.hours);
  const bars = [...stats.hours].map((count, i) => ({ count, i })).reverse();
  return (
    <Card
      title="Refused incoming updates"
      description="Deliveries from the payments API this back-office refused (bad signature, too large, not a valid decision), per hour over the last 24 hours."
      actions={
        <Link href="/webhooks?outcome=refused" className={`rounded text-sm font-medium text-brand-700 underline ${focusRing}`}>
          Open the log
        </Link>
      }
    >
      <div className="space-y-3" data-testid="home-refused-deliveries">
        <p className="text-sm text-slate-700">
          <span className="text-lg font-semibold text-slate-900" data-testid="refused-last-hour">
            {stats.lastHour}
          </span>{" "}
          in the last hour · {total} in 24 hours
        </p>
        <ol className="flex h-16 items-end gap-0.5" aria-label="Refused deliveries per hour, oldest first">
          {bars.map(({ count, i }) => (
            <li
              key={i}
              className={`min-w-0 flex-1 rounded-t ${count === 0 ? "bg-slate-200" : i === 0 && stats.spike ? "bg-red-500" : "bg-amber-400"}`}
              style={{ height: `${Math.max(4, Math.round((count / top) * 100))}%` }}
              title={`${count} refused, ${hourName(i)}`}
            >
              <span className="sr-only">
                {count} refused, {hourName(i)}
              </span>
            </li>
          ))}
        </ol>
        <p className="flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>24 hours ago</span>
          <span>now</span>
        </p>
      </div>
    </Card>
  );
}
