import { describe, expect, it } from "vitest";
import { NAV_ITEMS, navFor } from "./navigation";
import { can, capabilities, isRole, roles, type Capability, type Role } from "./permissions";

const allCapabilities = Object.keys(capabilities) as Capability[];
const held = (role: Role) => allCapabilities.filter((capability) => can(role, capability));

describe("permission matrix", () => {
  it("gives every capability to at least one role, so nothing is unreachable", () => {
    for (const capability of allCapabilities)
      expect([capability, roles.filter((role) => can(role, capability)).length]).not.toEqual([capability, 0]);
  });

  it("lets an administrator do everything", () => {
    expect(held("admin")).toEqual(allCapabilities);
  });

  it("lets every role read the business profile and look after its own account", () => {
    for (const role of roles) {
      expect(can(role, "business.read")).toBe(true);
      expect(can(role, "account.self")).toBe(true);
    }
  });

  it("keeps finance out of customer verification, identity lookups, the audit trail and staff", () => {
    for (const capability of [
      "verification.read",
      "verification.submit",
      "customer.contact.edit",
      "bvn.lookup",
      "audit.read",
      "staff.manage",
      "staff.sessions",
    ] as const) {
      expect([capability, can("finance", capability)]).toEqual([capability, false]);
    }
  });

  it("keeps operations and compliance out of money: no finance reads, no credit simulation", () => {
    for (const role of ["ops", "compliance"] as const) {
      expect(can(role, "finance.read")).toBe(false);
      expect(can(role, "credit.simulate")).toBe(false);
    }
  });

  it("lets compliance see verifications without acting on customers, and operations act without identity lookups", () => {
    expect(can("compliance", "verification.read")).toBe(true);
    expect(can("compliance", "verification.submit")).toBe(false);
    expect(can("compliance", "customer.contact.edit")).toBe(false);
    expect(can("ops", "bvn.lookup")).toBe(false);
    expect(can("ops", "audit.read")).toBe(false);
  });

  it("leaves staff management to administrators alone", () => {
    for (const role of roles) {
      expect(can(role, "staff.manage")).toBe(role === "admin");
      expect(can(role, "staff.sessions")).toBe(role === "admin");
    }
  });

  it("gives no two non-admin roles the same powers (a role that duplicates another is a mistake)", () => {
    const sets = roles.filter((r) => r !== "admin").map((role) => held(role).join(","));
    expect(new Set(sets).size).toBe(sets.length);
  });

  it("knows only its four roles", () => {
    for (const role of roles) expect(isRole(role)).toBe(true);
    for (const value of ["Admin", "root", "", null, 1]) expect(isRole(value)).toBe(false);
  });
});

describe("navigation", () => {
  it("shows each role only the pages its capabilities open, and at least one", () => {
    for (const role of roles) {
      const shown = navFor(role);
      expect(shown.length).toBeGreaterThan(0);
      for (const item of shown) expect([role, item.href, can(role, item.capability)]).toEqual([role, item.href, true]);
      const hidden = NAV_ITEMS.filter((item) => !shown.includes(item));
      for (const item of hidden) expect([role, item.href, can(role, item.capability)]).toEqual([role, item.href, false]);
    }
  });

  it("shows an administrator every page, and finance none of the customer, BVN, audit or staff pages", () => {
    expect(navFor("admin")).toEqual([...NAV_ITEMS]);
    const financeHrefs = navFor("finance").map((item) => item.href);
    for (const href of ["/customers", "/bvn", "/audit", "/staff"]) expect(financeHrefs).not.toContain(href);
    expect(financeHrefs).toContain("/finance");
  });
});
