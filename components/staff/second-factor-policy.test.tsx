import { describe, expect, it, vi } from "vitest";
import { clientWith, renderWith, textOf } from "@/components/shell/cached-queries.testing";
import { secondFactorOverviewQuery } from "@/lib/client/second-factor";
import { SecondFactorPolicyCard } from "./second-factor-policy";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push() {}, replace() {}, refresh() {}, prefetch() {} }) }));

describe("the two-factor policy", () => {
  it("names each role as every other screen does, never by its code", () => {
    const client = clientWith([
      { queryKey: secondFactorOverviewQuery().queryKey, data: { policy: { requireAll: false, roles: ["ops"] }, enrolledStaffIds: [] } },
    ]);
    const markup = renderWith(client, <SecondFactorPolicyCard staff={[]} />);
    const text = textOf(markup);
    for (const label of ["Finance", "Operations", "Compliance", "Administrator"]) {
      expect(text).toContain(label);
      expect(markup).toContain(`aria-label="Require for ${label}"`);
    }
    expect(text).not.toMatch(/\bops\b/i);
    expect(markup).not.toContain("capitalize");
  });
});
