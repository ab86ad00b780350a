import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { isSecurityControlChange, weakening } from "./alert-rules";

describe("which changes of a security control weaken it", () => {
  it("reads the four controls' audit actions, and no other", () => {
    for (const action of ["approval.settings.update", "allowlist.update", "staff.second_factor.policy", "security_alert.settings.update"])
      expect(isSecurityControlChange(action)).toBe(true);
    expect(isSecurityControlChange("staff.update")).toBe(false);
    expect(isSecurityControlChange("toString")).toBe(false);
    expect(weakening("staff.update", { before: 1, after: 2 })).toBeNull();
  });

  it("four-eyes: an action removed", () => {
    const change = (added: string[], removed: string[]) => weakening("approval.settings.update", { required: [], added, removed });
    expect(change(["card.create"], [])).toBeNull();
    expect(change([], ["staff.role", "bvn.reveal"])).toBe("approval no longer required for staff.role, bvn.reveal");
  });

  it("the allowlist: emptied, or given a range none of the old ones covered (IPv4 and IPv6)", () => {
    const change = (before: string[], after: string[]) => weakening("allowlist.update", { before, after });
    expect(change([], ["10.0.0.0/8"])).toBeNull();
    expect(change([], [])).toBeNull();
    expect(change(["10.0.0.0/8"], ["10.1.0.0/16", "10.2.3.4/32"])).toBeNull();
    expect(change(["10.0.0.0/8"], [])).toMatch(/^emptied/);
    expect(change(["10.0.0.0/16"], ["10.0.0.0/8"])).toBe("widened by 10.0.0.0/8");
    expect(change(["2001:db8::/32"], ["2001:db8:1::/48"])).toBeNull();
    expect(change(["2001:db8::/32"], ["2001:db9::/32"])).toBe("widened by 2001:db9::/32");
    // An IPv4 range is never inside an IPv6 one, nor the reverse.
    expect(change(["::/0"], ["10.0.0.0/8"])).toBe("widened by 10.0.0.0/8");
  });

  it("two-factor: a role that owed a code no longer does", () => {
    const change = (before: { requireAll: boolean; roles: string[] }, after: { requireAll: boolean; roles: string[] }) =>
      weakening("staff.second_factor.policy", { before, after });
    expect(change({ requireAll: false, roles: ["admin"] }, { requireAll: true, roles: [] })).toBeNull();
    expect(change({ requireAll: true, roles: [] }, { requireAll: false, roles: ["admin", "ops", "finance", "compliance"] })).toBeNull();
    expect(change({ requireAll: true, roles: [] }, { requireAll: false, roles: ["admin"] })).toBe(
      "two-factor no longer required for finance, ops, compliance",
    );
    expect(change({ requireAll: false, roles: ["admin", "ops"] }, { requireAll: false, roles: ["ops"] })).toBe(
      "two-factor no longer required for admin",
    );
  });

  it("the thresholds: a number raised, or working hours widened", () => {
    const change = (after: Partial<typeof DEFAULT_ALERT_THRESHOLDS>) =>
      weakening("security_alert.settings.update", { before: DEFAULT_ALERT_THRESHOLDS, after: { ...DEFAULT_ALERT_THRESHOLDS, ...after } });
    expect(change({ bvn_lookups_per_hour: 10, working_hours_start: "09:00", working_hours_end: "17:00" })).toBeNull();
    expect(change({ webhook_refused_per_hour: 5, failed_sign_ins_per_10_minutes: 11 })).toBe(
      "failed_sign_ins_per_10_minutes 10 → 11; webhook_refused_per_hour 0 → 5",
    );
    expect(change({ working_hours_start: "07:00", working_hours_end: "20:00" })).toBe(
      "working_hours_start 08:00 → 07:00; working_hours_end 18:00 → 20:00",
    );
  });

  it("an entry that does not read as expected counts as weakening: the alert errs on being raised", () => {
    expect(weakening("approval.settings.update", null)).toMatch(/cannot judge/);
    expect(weakening("allowlist.update", { before: "10.0.0.0/8", after: [] })).toMatch(/cannot judge/);
    expect(weakening("staff.second_factor.policy", { before: { requireAll: "yes" }, after: {} })).toMatch(/cannot judge/);
    expect(weakening("security_alert.settings.update", {})).toMatch(/cannot judge/);
  });
});
