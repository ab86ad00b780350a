import { DateTime } from "@/components/ui/date-time";
import { kindLabels } from "@/lib/finance/objects";
import { objectHref } from "@/lib/finance/object-href";
import { openedBy, type TeamRecentItem } from "@/lib/home/team-recent";
import { HomeList } from "./home-list";

/** What the team opened lately: ids and who (you, or how many colleagues), only of kinds this role may open. */
export function TeamRecentPanel({ items }: { items: TeamRecentItem[] }) {
  return (
    <HomeList
      title="Recently opened by the team"
      source="Objects members opened in this back-office, newest first; only those your role may open."
      empty="Nothing opened yet. Open an object by its id and it appears here for the team."
      testId="home-team-recent"
      items={items.map((item) => ({
        key: `${item.kind}:${item.parentId ?? ""}:${item.id}`,
        href: objectHref(item.kind, item.id, item.parentId),
        primary: item.id,
        secondary: `${kindLabels[item.kind]} · opened by ${openedBy(item)}`,
        aside: <DateTime value={item.openedAt} relative />,
      }))}
    />
  );
}
