import { describe, expect, it } from "vitest";
import { dayRange, formatZonedTimestamp, isIsoDay, startOfDayIn } from "./zoned-day";

const inRange = (iso: string, from: string, to: string, zone: string) => {
  const { start, end } = dayRange(from, to, zone);
  const at = Date.parse(iso);
  return at >= start && at < end;
};

describe("days in the staff member's time zone", () => {
  it("puts 23:32 UTC on 31 Oct on 1 Nov in Lagos, and on 31 Oct in UTC", () => {
    expect(inRange("2026-10-31T23:32:00.000Z", "2026-11-01", "2026-11-01", "Africa/Lagos")).toBe(true);
    expect(inRange("2026-10-31T23:32:00.000Z", "2026-10-31", "2026-10-31", "Africa/Lagos")).toBe(false);
    expect(inRange("2026-10-31T23:32:00.000Z", "2026-10-31", "2026-10-31", "UTC")).toBe(true);
    expect(startOfDayIn("2026-11-01", "Africa/Lagos")).toBe(Date.parse("2026-10-31T23:00:00.000Z"));
  });

  it("follows daylight saving: a New York day is 23 or 25 hours on the change days", () => {
    expect(startOfDayIn("2026-03-08", "America/New_York")).toBe(Date.parse("2026-03-08T05:00:00.000Z"));
    expect(startOfDayIn("2026-03-09", "America/New_York")).toBe(Date.parse("2026-03-09T04:00:00.000Z"));
    const { start, end } = dayRange("2026-11-01", "2026-11-01", "America/New_York");
    expect((end - start) / 3_600_000).toBe(25);
  });

  it("writes an instant as wall time in the zone with its offset, for CSV files", () => {
    expect(formatZonedTimestamp("2026-10-31T23:32:00.000Z", "Africa/Lagos")).toBe("2026-11-01 00:32:00 +01:00");
    expect(formatZonedTimestamp("2026-10-31T23:32:00.900Z", "UTC")).toBe("2026-10-31 23:32:00 +00:00");
    // Either side of New York's autumn change: the same wall hour twice, told apart by the offset.
    expect(formatZonedTimestamp("2026-11-01T05:30:00.000Z", "America/New_York")).toBe("2026-11-01 01:30:00 -04:00");
    expect(formatZonedTimestamp("2026-11-01T06:30:00.000Z", "America/New_York")).toBe("2026-11-01 01:30:00 -05:00");
    expect(formatZonedTimestamp("2026-06-01T00:00:00.000Z", "Asia/Kathmandu")).toBe("2026-06-01 05:45:00 +05:45");
    expect(formatZonedTimestamp("not a date", "UTC")).toBe("not a date");
    expect(formatZonedTimestamp(null, "UTC")).toBe("");
  });

  it("knows real dates only", () => {
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-1-01")).toBe(false);
  });
});
