import { describe, expect, it } from "vitest";
import { z } from "./zod";

describe("the zod every file imports", () => {
  it("says zod's own messages in English, with no locale chosen", () => {
    const result = z.object({ amount: z.number() }).safeParse({ amount: "12" });
    expect(result.error?.issues[0]?.message).toBe("Invalid input: expected number, received string");
  });

  it("holds none of what the browser need not fetch: the locales, the JSON Schema reader, zod's core", () => {
    expect(Object.keys(z)).not.toContain("locales");
    expect(Object.keys(z)).not.toContain("fromJSONSchema");
    expect(Object.keys(z)).not.toContain("core");
    expect(typeof z.object).toBe("function");
  });
});
