import { describe, expect, it } from "vitest";
import { canonicalTimeZone, knownTimeZones, zoneLabel } from "./zone";
import { timeZoneSchema } from "./zone-schema";

const parse = (value: unknown) => timeZoneSchema.safeParse(value);

describe("time-zone names", () => {
  it("accepts every zone the runtime lists, and UTC", () => {
    const listed = Intl.supportedValuesOf("timeZone");
    for (const zone of listed) expect(parse(zone)).toEqual({ success: true, data: zone });
    expect(parse("UTC")).toEqual({ success: true, data: "UTC" });
    expect(knownTimeZones()[0]).toBe("UTC");
    expect(knownTimeZones()).toHaveLength(new Set(["UTC", ...listed]).size);
  });

  it("reads a legacy alias as the listed zone it stands for", () => {
    const kolkata = canonicalTimeZone("Asia/Kolkata");
    expect(kolkata === "Asia/Kolkata" || kolkata === "Asia/Calcutta").toBe(true);
    expect(canonicalTimeZone("US/Eastern")).toBe("America/New_York");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
  });

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "Mars/Olympus",
      "EST",
      "CET",
      "africa lagos",
      "Africa/Lagos\u0000",
      "../../etc/passwd",
      "<script>",
      "A".repeat(65),
      "Africa/Lagos/".repeat(10),
    ]) {
      expect(parse(bad).success, bad).toBe(false);
    }
    for (const bad of [null, 42, {}, ["UTC"]]) expect(parse(bad).success).toBe(false);
  });

  it("says why, in words a staff member can act on", () => {
    const result = parse("Mars/Olympus");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/choose one from the list/);
  });
});

describe("zoneLabel", () => {
  it("names a zone by its city's current name, whichever the runtime lists", () => {
    expect(zoneLabel(canonicalTimeZone("Asia/Kolkata")!)).toBe("Asia/Kolkata");
    expect(zoneLabel(canonicalTimeZone("Europe/Kyiv") ?? "Europe/Kiev")).toBe("Europe/Kyiv");
    expect(zoneLabel("Africa/Lagos")).toBe("Africa/Lagos");
    expect(zoneLabel("toString")).toBe("toString");
  });

  it("maps only to names that are the same zone", () => {
    for (const zone of knownTimeZones()) {
      const label = zoneLabel(zone);
      if (label !== zone) expect(canonicalTimeZone(label)).toBe(zone);
    }
  });
});
