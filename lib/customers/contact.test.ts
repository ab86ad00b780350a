import { describe, expect, it } from "vitest";
import { contactUpdateSchema } from "./contact";

describe("contactUpdateSchema", () => {
  it("normalises the phone number to E.164", () => {
    expect(contactUpdateSchema.parse({ phone_number: "+1 (415) 555-0123" })).toEqual({ phone_number: "+14155550123" });
  });
  it("requires at least one field", () => {
    expect(contactUpdateSchema.safeParse({ email: " ", phone_number: "" }).success).toBe(false);
  });
  it("refuses a bad email and a bad phone", () => {
    expect(contactUpdateSchema.safeParse({ email: "nope" }).success).toBe(false);
    expect(contactUpdateSchema.safeParse({ phone_number: "12345" }).success).toBe(false);
  });
});
