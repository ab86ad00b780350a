import { parsePhoneNumberFromString as real } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { parsePhoneNumberFromString as shape } from "./phone-shape";

describe("the browser's phone shape check", () => {
  it("accepts every number the real library accepts, passing it on as typed", () => {
    for (const typed of ["+14155550123", "+1 (415) 555-0123", " +44 20 7946 0958 ", "+2348012345678", "+234 801 234 5678"]) {
      expect(real(typed)?.isValid()).toBe(true);
      expect(shape(typed)?.number).toBe(typed.trim());
    }
  });

  it("refuses what is not an international number, as the real library does", () => {
    for (const typed of ["12345", "4155550123", "+0 415 555 0123", "+1 415 abc 0123", "", "+"]) {
      expect(real(typed)?.isValid() ?? false).toBe(false);
      expect(shape(typed)).toBeUndefined();
    }
  });
});
