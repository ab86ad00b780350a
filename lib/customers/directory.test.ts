import { describe, expect, it } from "vitest";
import { parseDirectoryQuery } from "./directory";

describe("parseDirectoryQuery", () => {
  it("keeps a good filter and explains a bad one instead of failing the page", () => {
    const parsed = parseDirectoryQuery({ state: "approved", q: "cus/../x" });
    expect(parsed.query).toEqual({ state: "approved" });
    expect(parsed.errors.q).toMatch(/letters, digits/);
    expect(parseDirectoryQuery({ state: "APPROVEDISH" }).errors.state).toBe("Choose a verification state from the list.");
    expect(parseDirectoryQuery({ state: " ", q: "" })).toMatchObject({ query: {}, errors: {} });
  });
});
