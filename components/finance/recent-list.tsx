import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { focusRing } from "@/components/ui/cx";
import { kindLabels, objectHref, type RecentObject } from "@/lib/finance/objects";

/** Server-rendered: read straight from the database for the signed-in staff member. */
export function RecentList({ items }: { items: RecentObject[] }) {
  if (items.length === 0) return <EmptyState title="Nothing opened yet" message="Objects you open appear here, newest first." />;
  return (
    <Card title="Recently opened" flush>
      <ol className="divide-y divide-slate-100" data-testid="recent-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.parentId ?? ""}:${item.id}`}>
            <Link
              href={objectHref(item.kind, item.id, item.parentId)}
              className={`flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm hover:bg-slate-50 ${focusRing}`}
            >
              <span>
                <span className="text-slate-500">{kindLabels[item.kind]} </span>
                <span className="font-mono text-brand-700">{item.id}</span>
                {item.parentId ? <span className="text-slate-500"> on {item.parentId}</span> : null}
              </span>
              <span className="text-xs text-slate-500">
                <DateTime value={item.openedAt} relative />
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
