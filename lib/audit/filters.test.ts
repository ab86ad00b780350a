import { describe, expect, it } from "vitest";
import { parseAuditFilters } from "./filters";

describe("parseAuditFilters", () => {
  it("explains a bad filter and keeps the valid ones", () => {
    const { query, errors } = parseAuditFilters({ action: "bvn.lookup", from: "2026-13-45", outcome: "sideways" });
    expect(query.action).toBe("bvn.lookup");
    expect(query.from).toBeUndefined();
    expect(query.outcome).toBeUndefined();
    expect(errors.from).toBe("That date does not exist.");
    expect(errors.outcome).toBe("The outcome is success, denied or failure.");
  });

  it("drops the start of a reversed date range with the reason", () => {
    const { query, errors } = parseAuditFilters({ from: "2026-02-01", to: "2026-01-01" });
    expect(errors.from).toBe("The start date is after the end date.");
    expect(query).toMatchObject({ to: "2026-01-01", limit: 50 });
  });

  it("keeps a known zone in its listed spelling and explains an unknown one", () => {
    expect(parseAuditFilters({ from: "2026-11-01", tz: "Africa/Lagos" }).query).toMatchObject({ from: "2026-11-01", tz: "Africa/Lagos" });
    const { query, errors } = parseAuditFilters({ from: "2026-11-01", tz: "Mars/Olympus" });
    expect(query).toMatchObject({ from: "2026-11-01" });
    expect(query.tz).toBeUndefined();
    expect(errors.tz).toMatch(/not a time zone/);
  });

  it("refuses a page cursor written other than in decimal digits, and keeps the other filters", () => {
    for (const cursor of ["0x10", "1e3", "+5", "5.0", " 7", "99999999999999999999"]) {
      const { query, errors } = parseAuditFilters({ outcome: "denied", after: cursor });
      expect(query.after, cursor).toBeUndefined();
      expect(errors.after, cursor).toMatch(/^The page cursor must be a whole number from 1 to /);
      expect(query.outcome).toBe("denied");
    }
    expect(parseAuditFilters({ before: "0" }).errors.before).toMatch(/whole number from 1/);
    expect(parseAuditFilters({ before: "120" })).toMatchObject({ query: { before: 120 }, errors: {} });
  });

  it("has no errors for no filters", () => {
    expect(parseAuditFilters({}).errors).toEqual({});
  });
});
