import { describe, expect, it } from "vitest";
import { cardExportQuerySchema, cardWindowQuerySchema } from "./card-window";

const issue = (input: Record<string, string>) => cardWindowQuerySchema.safeParse(input).error?.issues[0];

describe("the card list's query", () => {
  it("says what range the limit and offset take, and reads decimal digits only", () => {
    for (const limit of ["0", "-1", "501", "0x10", "1e2", "ten", "16.0"])
      expect(issue({ limit }), limit).toMatchObject({ path: ["limit"], message: "The limit must be a whole number from 1 to 500." });
    for (const offset of ["-1", "0x10", "1e3"])
      expect(issue({ offset }), offset).toMatchObject({
        path: ["offset"],
        message: "The offset must be a whole number from 0 to 10000000.",
      });
    expect(cardWindowQuerySchema.parse({ limit: "16", offset: "200" })).toMatchObject({ limit: 16, offset: 200 });
    expect(cardWindowQuerySchema.parse({})).toMatchObject({ limit: 100, offset: 0 });
  });

  it("takes days from 0001-01-02 to 9999-12-30, as the audit trail does", () => {
    expect(issue({ to: "9999-12-31" })).toMatchObject({ path: ["to"], message: "Use a date from 0001-01-02 to 9999-12-30." });
    expect(cardExportQuerySchema.safeParse({ from: "0001-01-01" }).error?.issues[0]).toMatchObject({ path: ["from"] });
    expect(issue({ from: "2026-02-30" })).toMatchObject({ path: ["from"], message: "That date does not exist." });
    expect(cardWindowQuerySchema.parse({ from: "2026-11-01", to: "9999-12-30" })).toMatchObject({ from: "2026-11-01", to: "9999-12-30" });
    expect(cardWindowQuerySchema.parse({ from: "" })).toMatchObject({ from: "", to: "" });
  });
});
