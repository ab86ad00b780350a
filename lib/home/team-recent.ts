import type { ObjectKind } from "@/lib/finance/objects";

/** One object the team opened lately (server/home/team-recent.ts), as the homes list it. */
export type TeamRecentItem = { kind: ObjectKind; id: string; parentId: string | null; openedAt: string; members: number; byYou: boolean };

/** "you and 2 others", "3 members", "you". */
export function openedBy(item: Pick<TeamRecentItem, "members" | "byYou">): string {
  if (item.byYou) return item.members > 1 ? `you and ${item.members - 1} other${item.members > 2 ? "s" : ""}` : "you";
  return item.members === 1 ? "a colleague" : `${item.members} colleagues`;
}
