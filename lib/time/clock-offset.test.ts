import { describe, expect, it } from "vitest";
import { CLOCK_SKEW_TOLERANCE_MS, clockOffset } from "./clock-offset";

const RENDERED = Date.parse("2026-11-28T10:00:00Z");

describe("clockOffset", () => {
  it("leaves a browser clock alone when it is off by less than the tolerance, the delay from render to hydration included", () => {
    expect(clockOffset(RENDERED, RENDERED)).toBe(0);
    expect(clockOffset(RENDERED, RENDERED + 8_000)).toBe(0);
    expect(clockOffset(RENDERED, RENDERED - CLOCK_SKEW_TOLERANCE_MS)).toBe(0);
  });

  it("counts from the server's clock when the browser's is far behind or ahead, in whole seconds", () => {
    expect(clockOffset(RENDERED, RENDERED - 3_600_000)).toBe(3_600_000);
    expect(clockOffset(RENDERED, RENDERED + 3_600_400)).toBe(-3_600_000);
    expect(clockOffset(RENDERED, RENDERED - 86_400_000 * 365)).toBe(86_400_000 * 365);
  });
});
