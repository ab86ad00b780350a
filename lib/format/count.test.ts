import { describe, expect, it } from "vitest";
import { countOf } from "./count";

describe("countOf", () => {
  it("agrees the word with the number", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(0, "entry", "entries")).toBe("0 entries");
    expect(countOf(2, "session")).toBe("2 sessions");
  });

  it("groups thousands the way the tables do", () => {
    expect(countOf(12_345, "row")).toBe("12,345 rows");
  });
});
