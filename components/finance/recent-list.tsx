import { MaybeLink } from "@/components/ui/maybe-link";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/error-state";
import { kindLabels, type RecentObject } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";

/** Server-rendered: read straight from the database for the signed-in staff member. */
export function RecentList({ items }: { items: RecentObject[] }) {
  if (items.length === 0) return <EmptyState title="Nothing opened yet" message="Objects you open appear here, newest first." />;
  return (
    <Card title="Recently opened" flush>
      <ol className="divide-y divide-slate-100" data-testid="recent-list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.parentId ?? ""}:${item.id}`}>
            <RecentRow item={item} />
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** A row links to the object's page; an id that could not name one is shown without a link (see objectHref). */
function RecentRow({ item }: { item: RecentObject }) {
  const href = objectHref(item.kind, item.id, item.parentId);
  return (
    <MaybeLink
      href={href}
      className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm"
      linkClassName="hover:bg-slate-50"
    >
      <span>
        <span className="text-slate-500">{kindLabels[item.kind]} </span>
        <span className={`font-mono ${href === null ? "text-slate-700" : "text-brand-700"}`}>{item.id}</span>
        {item.parentId ? <span className="text-slate-500"> on {item.parentId}</span> : null}
      </span>
      <span className="text-xs text-slate-500">
        <DateTime value={item.openedAt} relative />
      </span>
    </MaybeLink>
  );
}
