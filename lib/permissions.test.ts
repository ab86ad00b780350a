import { describe, expect, it } from "vitest";
import { can, capabilities, roles, type Capability, type Role } from "./permissions";

/** The matrix of DESIGN.md, written out by hand so a change to the code has to change this too. */
const expected: Record<Capability, Role[]> = {
  "business.read": ["finance", "ops", "compliance", "admin"],
  "finance.read": ["finance", "admin"],
  "credit.simulate": ["finance", "admin"],
  "customer.contact.edit": ["ops", "admin"],
  "verification.read": ["ops", "compliance", "admin"],
  "verification.submit": ["ops", "admin"],
  "bvn.lookup": ["compliance", "admin"],
  "audit.read": ["compliance", "admin"],
  "staff.manage": ["admin"],
  "staff.sessions": ["admin"],
  "account.self": ["finance", "ops", "compliance", "admin"],
};

describe("permission matrix", () => {
  it("has exactly the capabilities of the design", () => {
    expect(Object.keys(capabilities).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const capability of Object.keys(expected) as Capability[]) {
    for (const role of roles) {
      const allowed = expected[capability].includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${capability}`, () => {
        expect(can(role, capability)).toBe(allowed);
      });
    }
  }
});
