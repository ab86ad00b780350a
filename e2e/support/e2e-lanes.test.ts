import { describe, expect, it } from "vitest";
import { exactSpecFilter, mainProjectSpecs, planLanes, UNKNOWN_SPEC_SECONDS } from "./e2e-lanes";

describe("planLanes", () => {
  it("balances by recorded time, not by count: one long spec gets a lane to itself", () => {
    const durations = { "a.spec.ts": 600, "b.spec.ts": 100, "c.spec.ts": 100, "d.spec.ts": 100, "e.spec.ts": 100 };
    const lanes = planLanes(Object.keys(durations), durations, 2);
    expect(lanes.map((l) => l.specs)).toEqual([["a.spec.ts"], ["b.spec.ts", "c.spec.ts", "d.spec.ts", "e.spec.ts"]]);
    expect(lanes.map((l) => l.seconds)).toEqual([600, 400]);
  });

  it("places the fixed runs first and fills the other lanes with specs", () => {
    const durations = { "a.spec.ts": 100, "b.spec.ts": 100, "c.spec.ts": 100 };
    const lanes = planLanes(Object.keys(durations), durations, 2, [{ name: "two instances", seconds: 150 }]);
    expect(lanes[0]).toMatchObject({ fixed: [{ name: "two instances" }], specs: ["c.spec.ts"], seconds: 250 });
    expect(lanes[1]).toMatchObject({ fixed: [], specs: ["a.spec.ts", "b.spec.ts"], seconds: 200 });
  });

  it("weighs a spec with no recorded time as a default, and puts every spec in exactly one lane", () => {
    const specs = Array.from({ length: 17 }, (_, i) => `s${i}.spec.ts`);
    const lanes = planLanes(specs, {}, 3);
    expect(lanes.flatMap((l) => l.specs).sort()).toEqual([...specs].sort());
    expect(Math.max(...lanes.map((l) => l.seconds)) - Math.min(...lanes.map((l) => l.seconds))).toBeLessThanOrEqual(UNKNOWN_SPEC_SECONDS);
  });

  it("refuses a lane count that is not a positive integer", () => {
    expect(() => planLanes([], {}, 0)).toThrow(/positive integer/);
  });
});

describe("mainProjectSpecs", () => {
  it("finds the specs Playwright's main project runs, leaving out the bench and the two-instance project", () => {
    const specs = mainProjectSpecs();
    expect(specs).toContain("e2e/finance/finance.spec.ts");
    expect(specs.some((s) => s.startsWith("e2e/multi-instance/") || s.startsWith("e2e/bench/"))).toBe(false);
  });
});

describe("exactSpecFilter", () => {
  it("matches its own file and not a file whose name ends the same way", () => {
    const filter = new RegExp(exactSpecFilter("e2e/home/home.spec.ts"));
    expect(filter.test("/repo/e2e/home/home.spec.ts")).toBe(true);
    expect(filter.test("/repo/e2e/home/homeXspec.ts")).toBe(false);
    expect(filter.test("/repo/e2e/home/home.spec.tsx")).toBe(false);
  });
});
