import { describe, expect, it } from "vitest";
import { auditQuerySchema } from "./audit";

const issue = (input: Record<string, string>) => auditQuerySchema.safeParse(input).error?.issues[0];

describe("the audit trail's query", () => {
  it("refuses a day whose next day is past the year 9999, naming the field (400, not a database 500)", () => {
    expect(issue({ to: "9999-12-31" })).toMatchObject({ path: ["to"], message: "Use a date from 0001-01-02 to 9999-12-30." });
    expect(issue({ from: "0001-01-01" })).toMatchObject({ path: ["from"] });
    expect(auditQuerySchema.parse({ from: "0001-01-02", to: "9999-12-30" })).toMatchObject({ from: "0001-01-02", to: "9999-12-30" });
  });

  it("says in a sentence naming the limit what it may be, and reads decimal digits only", () => {
    for (const limit of ["10abc", "0x10", "1e2", "0", "-1", "201", "2.5", "+5"])
      expect(issue({ limit }), limit).toMatchObject({ path: ["limit"], message: "The limit must be a whole number from 1 to 200." });
    expect(auditQuerySchema.parse({ limit: "020" }).limit).toBe(20);
    expect(auditQuerySchema.parse({ limit: "" }).limit).toBe(50);
    expect(auditQuerySchema.parse({}).limit).toBe(50);
  });
});
