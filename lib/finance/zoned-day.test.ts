import { describe, expect, it } from "vitest";
import { dayRange, isIsoDay, isTimeZone, startOfDayIn } from "./zoned-day";

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

  it("knows real zones and dates only", () => {
    expect(isTimeZone("Africa/Lagos")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-1-01")).toBe(false);
  });
});
