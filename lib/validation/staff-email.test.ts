import { describe, expect, it } from "vitest";
import { parseStaffEmail } from "./staff-email";

describe("a staff member's sign-in email", () => {
  it("is trimmed and lower-cased, so one address is one account however it is typed", () => {
    expect(parseStaffEmail("  Ada.Admin@Example.COM ")).toEqual({ ok: true, email: "ada.admin@example.com" });
  });

  it("refuses look-alike letters rather than folding them into an existing address", () => {
    // The Kelvin sign lower-cases to "k": folded, it would name kate@example.com's account.
    for (const lookAlike of ["\u212aate@example.com", "admin@ex\u0430mple.com", "\uff41dmin@example.com", "adm\u0131n@example.com"]) {
      const parsed = parseStaffEmail(lookAlike);
      expect(parsed.ok, lookAlike).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/plain letters/);
    }
  });
});
