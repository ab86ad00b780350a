import { describe, expect, it } from "vitest";
import { alertThresholdsSchema, DEFAULT_ALERT_THRESHOLDS, outsideWorkingHours } from "./alert-rules";

describe("working hours in the member's zone", () => {
  // Thursday 26 November 2026. Lagos is UTC+1 all year; Tokyo UTC+9.
  const lagos = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+01:00`);

  it("17:59 in Lagos is inside, 18:00 is outside, 08:00 inside, 07:59 outside", () => {
    expect(outsideWorkingHours(lagos("17:59"), "Africa/Lagos", "08:00", "18:00")).toBe(false);
    expect(outsideWorkingHours(lagos("18:00"), "Africa/Lagos", "08:00", "18:00")).toBe(true);
    expect(outsideWorkingHours(lagos("08:00"), "Africa/Lagos", "08:00", "18:00")).toBe(false);
    expect(outsideWorkingHours(lagos("07:59"), "Africa/Lagos", "08:00", "18:00")).toBe(true);
  });

  it("the same moment is judged in the member's own zone", () => {
    // 17:59 in Lagos is 01:59 on Friday in Tokyo: outside there.
    expect(outsideWorkingHours(lagos("17:59"), "Asia/Tokyo", "08:00", "18:00")).toBe(true);
    // 10:00 in Lagos is 18:00 in Tokyo: the end is outside.
    expect(outsideWorkingHours(lagos("10:00"), "Asia/Tokyo", "08:00", "18:00")).toBe(true);
    expect(outsideWorkingHours(lagos("09:59"), "Asia/Tokyo", "08:00", "18:00")).toBe(false);
  });

  it("a weekend day in the member's zone is outside at any hour", () => {
    expect(outsideWorkingHours(new Date("2026-11-28T12:00:00+01:00"), "Africa/Lagos", "08:00", "18:00")).toBe(true);
    expect(outsideWorkingHours(new Date("2026-11-29T12:00:00+01:00"), "Africa/Lagos", "08:00", "18:00")).toBe(true);
    // Friday 23:30 in Lagos is already Saturday in Tokyo, Friday evening in New York.
    const lateFriday = new Date("2026-11-27T23:30:00+01:00");
    expect(outsideWorkingHours(lateFriday, "Asia/Tokyo", "00:00", "23:59")).toBe(true);
    expect(outsideWorkingHours(lateFriday, "America/New_York", "00:00", "23:59")).toBe(false);
  });
});

describe("alert thresholds", () => {
  it("accepts the defaults and refuses hours that end before they start", () => {
    expect(alertThresholdsSchema.safeParse(DEFAULT_ALERT_THRESHOLDS).success).toBe(true);
    const bad = alertThresholdsSchema.safeParse({ ...DEFAULT_ALERT_THRESHOLDS, working_hours_start: "18:00", working_hours_end: "08:00" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["working_hours_end"]);
    expect(alertThresholdsSchema.safeParse({ ...DEFAULT_ALERT_THRESHOLDS, bvn_lookups_per_hour: 0 }).success).toBe(false);
    expect(alertThresholdsSchema.safeParse({ ...DEFAULT_ALERT_THRESHOLDS, working_hours_start: "24:00" }).success).toBe(false);
  });
});
