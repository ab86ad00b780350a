import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "./errors";

describe("isAppError", () => {
  it("recognises an AppError, including one made by another bundle's copy of the class", () => {
    expect(isAppError(new AppError({ status: 503, code: "upstream_unavailable", message: "x" }))).toBe(true);
    const otherCopy = Object.assign(new Error("x"), { [Symbol.for("backoffice.AppError")]: true, status: 503, code: "c" });
    expect(isAppError(otherCopy)).toBe(true);
    expect(isAppError(new Error("plain"))).toBe(false);
    expect(isAppError({ status: 503, code: "c", message: "look-alike" })).toBe(false);
    expect(isAppError(null)).toBe(false);
  });
});
