import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
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

  it("answers every name of the system's zone database as the runtime's list does", () => {
    // The list's answer, built as canonicalTimeZone did before it let a place's own name through without the list.
    const listed = new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
    const byList = (zone: string) => {
      if (listed.has(zone)) return zone;
      try {
        const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
        if (resolved === "UTC" && !/^(etc\/)?(utc|uct|gmt|zulu|universal)$/i.test(zone)) return null;
        return listed.has(resolved) && (zone.includes("/") === resolved.includes("/") || /^etc\//i.test(zone)) ? resolved : null;
      } catch {
        return null;
      }
    };
    const names = [
      ...systemZoneNames(),
      "Asia/Kolkata",
      "Asia/Calcutta",
      "Europe/Kyiv",
      "Europe/Kiev",
      "America/Buenos_Aires",
      "Africa/Atlantis",
    ];
    for (const zone of names) expect(canonicalTimeZone(zone), zone).toBe(byList(zone));
  });

  it("reads the browser's zone without listing every zone, which a phone's first load would pay for", async () => {
    vi.resetModules();
    const listing = vi.spyOn(Intl, "supportedValuesOf");
    const fresh = await import("./zone");
    try {
      for (const zone of ["UTC", "Africa/Lagos", "America/New_York", "Europe/London", "Asia/Tokyo"])
        expect(fresh.canonicalTimeZone(zone)).toBe(zone);
      expect(listing).not.toHaveBeenCalled();
      expect(fresh.canonicalTimeZone("US/Eastern")).toBe("America/New_York");
      expect(listing).toHaveBeenCalledTimes(1);
    } finally {
      listing.mockRestore();
    }
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

/** Every zone name of the system's tz database (its links included), where the machine has one. */
function systemZoneNames(root = "/usr/share/zoneinfo"): string[] {
  if (!existsSync(root)) return [];
  const names: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (prefix === "" && (entry.name === "posix" || entry.name === "right")) continue;
      const name = prefix + entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${name}/`);
      else if (/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) && !/\.(tab|zi|list)$/.test(name)) names.push(name);
    }
  };
  walk(root, "");
  return names;
}
