import { describe, expect, it } from "vitest";
import { exactJson } from "./exact-json";

describe("exactJson", () => {
  it("shows direction controls and invisible characters as escapes, and stays the same JSON", () => {
    const value = { name: "Eve\u202Egnp.exe", note: "41\u200b11", tag: "x\u{E0041}y", plain: "Zoë 👍 مرحبا" };
    const text = exactJson(value);
    expect(text).toContain("Eve\\u202egnp.exe");
    expect(text).toContain("41\\u200b11");
    expect(text).toContain("x\\udb40\\udc41y");
    expect(text).not.toMatch(/\p{Cf}/u);
    expect(JSON.parse(text)).toEqual(value);
  });

  it("writes what JSON.stringify writes for ordinary values", () => {
    expect(exactJson({ a: [1, "b"] })).toBe(JSON.stringify({ a: [1, "b"] }, null, 2));
    expect(exactJson(undefined)).toBe("");
  });
});
