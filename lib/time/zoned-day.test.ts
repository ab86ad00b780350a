import { describe, expect, it } from "vitest";
import { dayProblem, dayRange, FIRST_DAY, formatZonedTimestamp, isIsoDay, LAST_DAY, startOfDayIn } from "./zoned-day";

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

describe("days whose midnight clocks skip", () => {
  const HOUR = 3_600_000;
  const localDate = new Map<string, Intl.DateTimeFormat>();
  const dateIn = (instant: number, zone: string) => {
    if (!localDate.has(zone))
      localDate.set(zone, new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }));
    return localDate.get(zone)!.format(instant);
  };
  /** By the definition, a minute at a time: the first instant whose local date is `day`. */
  const firstInstantOf = (day: string, zone: string) => {
    let t = Date.parse(`${day}T00:00:00Z`) - 16 * HOUR;
    while (dateIn(t, zone) !== day) t += 60_000;
    return t;
  };

  it("begin at the jump, not an hour before in the previous day", () => {
    expect(startOfDayIn("2025-09-07", "America/Santiago")).toBe(Date.parse("2025-09-07T04:00:00Z"));
    expect(startOfDayIn("2025-03-09", "America/Havana")).toBe(Date.parse("2025-03-09T05:00:00Z"));
    expect(startOfDayIn("2025-04-25", "Africa/Cairo")).toBe(Date.parse("2025-04-24T22:00:00Z"));
    expect(startOfDayIn("2025-03-30", "Asia/Beirut")).toBe(Date.parse("2025-03-29T22:00:00Z"));
    // The route's range for that Santiago day leaves out 6 Sep 23:30 local.
    expect(inRange("2025-09-07T03:30:00Z", "2025-09-07", "2025-09-07", "America/Santiago")).toBe(false);
    expect(inRange("2025-09-07T04:00:00Z", "2025-09-07", "2025-09-07", "America/Santiago")).toBe(true);
    expect(inRange("2025-09-06T03:59:00Z", "2025-09-06", "2025-09-06", "America/Santiago")).toBe(false);
    expect(inRange("2025-09-07T03:59:00Z", "2025-09-06", "2025-09-06", "America/Santiago")).toBe(true);
  });

  it("agree with the first instant of the day, found minute by minute, on change days and plain ones", () => {
    const cases: [string, string][] = [
      ["2025-09-07", "America/Santiago"],
      ["2025-04-06", "America/Santiago"],
      ["2025-03-09", "America/Havana"],
      ["2025-11-02", "America/Havana"],
      ["2025-04-25", "Africa/Cairo"],
      ["2025-10-31", "Africa/Cairo"],
      ["2025-03-30", "Asia/Beirut"],
      ["2025-10-26", "Asia/Beirut"],
      ["2025-03-30", "Europe/London"],
      ["2026-03-08", "America/New_York"],
      ["2026-11-01", "America/New_York"],
      ["2025-10-05", "Australia/Lord_Howe"],
      ["2026-06-15", "Asia/Kathmandu"],
      ["2026-11-01", "Africa/Lagos"],
      ["2026-11-01", "UTC"],
    ];
    for (const [day, zone] of cases)
      expect(new Date(startOfDayIn(day, zone)).toISOString(), `${zone} ${day}`).toBe(new Date(firstInstantOf(day, zone)).toISOString());
  });
});

describe("days a filter can name", () => {
  it("reads the years 0001–0099 as themselves, not as 1900–1999", () => {
    expect(isIsoDay("0050-02-28")).toBe(true);
    expect(isIsoDay("0052-02-29")).toBe(true);
    expect(startOfDayIn("0050-06-01", "UTC")).toBe(Date.parse("0050-06-01T00:00:00Z"));
  });

  it("stop where a zone's day would reach past the years 0001–9999", () => {
    expect(dayProblem("9999-12-30")).toBeNull();
    expect(dayProblem("0001-01-02")).toBeNull();
    expect(dayProblem("9999-12-31")).toMatch(/0001-01-02 to 9999-12-30/);
    expect(dayProblem("0001-01-01")).toMatch(/0001-01-02 to 9999-12-30/);
    expect(dayProblem("2026-02-30")).toBe("That date does not exist.");
    expect(dayProblem("2026-2-3")).toBe("Use a date like 2026-01-31.");
    // The widest offsets, of today and of local mean time (Manila's −15:56): a range still begins and ends inside years 0001–9999.
    for (const zone of ["Pacific/Kiritimati", "Etc/GMT-14", "Etc/GMT+12", "Asia/Manila", "Pacific/Pago_Pago", "UTC"]) {
      expect(startOfDayIn(FIRST_DAY, zone), zone).toBeGreaterThanOrEqual(Date.parse("0001-01-01T00:00:00Z"));
      expect(startOfDayIn(LAST_DAY, zone, 1), zone).toBeLessThanOrEqual(Date.parse("9999-12-31T23:59:59.999Z"));
    }
  });

  it("write the first instants of year 0001 in the zone's own year, as four digits, and its offset", () => {
    // Year 1 BC (year 0) west of UTC: Intl calls it "1" and era BC; New York kept its mean time, −4:56:02.
    expect(formatZonedTimestamp("0001-01-01T00:00:00Z", "America/New_York")).toBe("0000-12-31 19:03:58 -04:56");
    expect(formatZonedTimestamp("0001-01-01T04:56:01Z", "America/New_York")).toBe("0000-12-31 23:59:59 -04:56");
    expect(formatZonedTimestamp("0001-01-01T04:56:02Z", "America/New_York")).toBe("0001-01-01 00:00:00 -04:56");
    expect(formatZonedTimestamp("0001-01-01T00:00:00Z", "Etc/GMT-14")).toBe("0001-01-01 14:00:00 +14:00");
    expect(formatZonedTimestamp("0099-06-01T00:00:00Z", "UTC")).toBe("0099-06-01 00:00:00 +00:00");
    expect(formatZonedTimestamp("2026-11-01T00:00:00Z", "Pacific/Kiritimati")).toBe("2026-11-01 14:00:00 +14:00");
    expect(formatZonedTimestamp("2026-10-31T23:32:00.000Z", "Africa/Lagos")).toBe("2026-11-01 00:32:00 +01:00");
    // The first day a filter may name still begins at New York's mean-time midnight.
    expect(startOfDayIn(FIRST_DAY, "America/New_York")).toBe(Date.parse("0001-01-02T04:56:02Z"));
  });

  it("write a time past the last a Date holds as it came, not as NaN", () => {
    expect(formatZonedTimestamp("+275760-09-13T00:00:00.000Z", "Africa/Lagos")).toBe("+275760-09-13T00:00:00.000Z");
  });
});
