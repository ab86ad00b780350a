import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDateTime, formatRelative, formatTimeOfDay } from "./dates";

describe("formatDateTime", () => {
  const iso = "2026-11-21T13:05:09Z";

  it("shows day month year and a 24-hour time in the given zone", () => {
    expect(formatDateTime(iso, { timeZone: "UTC" })).toBe("21 Nov 2026, 13:05:09");
    expect(formatDateTime(iso, { timeZone: "Africa/Lagos" })).toBe("21 Nov 2026, 14:05:09");
    expect(formatDateTime(iso, { timeZone: "America/New_York" })).toBe("21 Nov 2026, 08:05:09");
  });

  it("moves to the previous or next day across zones and shows midnight as 00", () => {
    expect(formatDateTime("2026-01-01T02:00:00Z", { timeZone: "America/Los_Angeles" })).toBe("31 Dec 2025, 18:00:00");
    expect(formatDateTime("2026-09-30T23:00:00Z", { timeZone: "Africa/Lagos" })).toBe("1 Oct 2026, 00:00:00");
    expect(formatDateTime("2026-09-15T12:00:00Z", { timeZone: "UTC" })).toBe("15 Sep 2026, 12:00:00");
  });

  it("can drop seconds and name the zone", () => {
    expect(formatDateTime(iso, { timeZone: "UTC", seconds: false })).toBe("21 Nov 2026, 13:05");
    expect(formatDateTime(iso, { timeZone: "UTC", zoneName: true })).toBe("21 Nov 2026, 13:05:09 UTC");
  });

  it("shows a dash for missing values and the raw text for unparseable ones", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("")).toBe("—");
    expect(formatDateTime("not a date")).toBe("not a date");
    expect(formatDateTime(iso, { timeZone: "Mars/Olympus" })).toBe(iso);
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("describes past and future moments", () => {
    expect(formatRelative("2026-11-21T11:59:30Z", now)).toBe("just now");
    expect(formatRelative("2026-11-21T11:57:00Z", now)).toBe("3 minutes ago");
    expect(formatRelative("2026-11-21T11:59:00Z", now)).toBe("1 minute ago");
    expect(formatRelative("2026-11-21T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatRelative("2026-11-19T12:00:00Z", now)).toBe("2 days ago");
    expect(formatRelative("2026-08-21T12:00:00Z", now)).toBe("3 months ago");
    expect(formatRelative("2024-11-21T12:00:00Z", now)).toBe("2 years ago");
    expect(formatRelative("2026-11-21T14:00:00Z", now.getTime())).toBe("in 2 hours");
  });

  it("shows a dash for missing values and the raw text for unparseable ones", () => {
    expect(formatRelative(null, now)).toBe("—");
    expect(formatRelative("yesterday-ish", now)).toBe("yesterday-ish");
  });
});

describe("formatTimeOfDay", () => {
  it("shows hours and minutes in the member's zone", () => {
    expect(formatTimeOfDay("2026-11-21T13:05:09Z", { timeZone: "UTC" })).toBe("13:05");
    expect(formatTimeOfDay("2026-11-21T13:05:09Z", { timeZone: "Africa/Lagos" })).toBe("14:05");
    expect(formatTimeOfDay("2026-11-21T23:59:00Z", { timeZone: "Asia/Tokyo" })).toBe("08:59");
  });
});

describe("formatCalendarDate", () => {
  it("shows a calendar date as a day, whatever the zone, and anything else as it came", () => {
    expect(formatCalendarDate("1988-04-17")).toBe("17 Apr 1988");
    expect(formatCalendarDate("2014-09-03")).toBe("3 Sep 2014");
    expect(formatCalendarDate("0099-12-31")).toBe("31 Dec 0099");
    for (const value of ["2026-02-30", "••••-••-17", "17/04/1988", "1988-04-17T00:00:00Z"]) expect(formatCalendarDate(value)).toBe(value);
    expect(formatCalendarDate(null)).toBe("—");
  });
});
