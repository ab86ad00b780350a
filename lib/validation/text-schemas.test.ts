import { describe, expect, it } from "vitest";
import { freeText, plainText } from "./text-schemas";

describe("typed text", () => {
  it("is kept in composed form, so the same word typed two ways compares equal", () => {
    const schema = plainText("narration", { max: 40 });
    const composed = schema.parse("Jos\u00e9 Caf\u00e9");
    const decomposed = schema.parse(" Jose\u0301 Cafe\u0301 ");
    expect(decomposed).toBe(composed);
    expect(JSON.stringify({ narration: decomposed })).toBe(JSON.stringify({ narration: composed }));
  });

  it("kept text refuses characters that draw nothing, naming the field", () => {
    const schema = freeText("view name", { max: 40 });
    for (const hidden of ["\u200b", "\u2060", "\u00ad", "\u180e", "\u2063"]) {
      const result = schema.safeParse(`Overdue${hidden}`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "The view name contains invisible characters (such as a zero-width space). Retype it without them.",
      );
    }
  });

  it("keeps the joiners other scripts and emoji need", () => {
    const schema = freeText("name", { max: 40 });
    expect(schema.parse("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645")).toBe("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645");
    expect(schema.parse("Team \u{1f469}\u200d\u{1f4bb}")).toBe("Team \u{1f469}\u200d\u{1f4bb}");
    // A byte-order mark at either end is whitespace to trim, not a reason to refuse.
    expect(schema.parse("\ufeffAda\ufeff")).toBe("Ada");
  });
});
