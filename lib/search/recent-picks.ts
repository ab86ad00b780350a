import { z } from "@/lib/validation/zod";
import { searchResultSchema, type SearchResult } from "./results";

const KEY = "palette-recent";
const KEEP = 6;

/** What this browser last opened from the palette (local only: nothing sensitive, just ids and pages). */
export function readRecentPicks(storage: Pick<Storage, "getItem">): SearchResult[] {
  try {
    const parsed = z.array(searchResultSchema).safeParse(JSON.parse(storage.getItem(KEY) ?? "[]"));
    return parsed.success ? parsed.data.slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

export function rememberPick(storage: Pick<Storage, "getItem" | "setItem">, pick: SearchResult): SearchResult[] {
  const next = [pick, ...readRecentPicks(storage).filter((p) => p.href !== pick.href)].slice(0, KEEP);
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage only loses the recent list.
  }
  return next;
}
