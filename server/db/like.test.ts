import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withFreshDatabase } from "@/server/testing/database";
import { likePattern, matchesFolded } from "./like";
import { rows } from "./migrate";
import type { Db } from "./types";

let db: Db;
withFreshDatabase((opened) => (db = opened));

/** Whether `value` matches `pattern` through matchesFolded, as the database answers it. */
async function folded(value: string, pattern: string): Promise<boolean> {
  const [row] = rows<{ m: boolean }>(await db.execute(sql`SELECT ${matchesFolded(sql`${value}::text`, pattern)} AS m`));
  return row!.m;
}

describe("likePattern", () => {
  it("escapes LIKE's wildcards and its escape character, then matches a prefix or anywhere", () => {
    expect(likePattern("cus_1", "prefix")).toBe("cus\\_1%");
    expect(likePattern("50%\\off", "contains")).toBe("%50\\%\\\\off%");
    expect(likePattern("", "prefix")).toBe("%");
  });
});

describe("matchesFolded", () => {
  it("matches the typed text literally: `_` and `%` are characters, not wildcards", async () => {
    expect(await folded("cus_1234", likePattern("cus_1", "prefix"))).toBe(true);
    expect(await folded("cusX1234", likePattern("cus_1", "prefix"))).toBe(false);
    expect(await folded("save 50% now", likePattern("50%", "contains"))).toBe(true);
    expect(await folded("save 500 now", likePattern("50%", "contains"))).toBe(false);
    expect(await folded("a\\b", likePattern("a\\b", "prefix"))).toBe(true);
  });

  it.each([
    ["a word-final Greek capital sigma", "ΟΔΟΣ ΑΘΗΝΩΝ", "ΟΔΟΣ"],
    ["a dotted capital I", "İBRAHİM TİCARET", "İBRAHİM"],
    ["plain letters in another case", "Card_AbC", "card_abc"],
  ])("ignores case on both sides in the database, %s included", async (_letters, value, typed) => {
    expect(await folded(value, likePattern(typed, "prefix"))).toBe(true);
    expect(await folded(value, likePattern(typed, "contains"))).toBe(true);
  });
});
