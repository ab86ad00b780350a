import { describe, expect, it, vi } from "vitest";
import { clientWith, renderWith, textOf as text } from "@/components/shell/cached-queries.testing";
import { BffError } from "@/lib/client/fetcher";
import { secondFactorStatusQuery } from "@/lib/client/second-factor";
import type { SecondFactorStatusView } from "@/lib/contracts/account";
import { AccountSecurity } from "./account-security";

vi.mock("next/navigation", () => ({
  usePathname: () => "/account/security",
  useRouter: () => ({ push() {}, replace() {}, refresh() {} }),
}));

const status: SecondFactorStatusView = {
  enrolled: true,
  enrolledAt: "2026-03-01T09:00:00Z",
  recoveryCodesLeft: 10,
  required: false,
  reauthentication: "password",
};

describe("the security page after a status read that failed", () => {
  it("keeps the card and its forms, and says the status could not be refreshed", () => {
    // The re-read after "Get new recovery codes" (or any other) failed: the cache holds the error beside the data.
    const client = clientWith([
      {
        queryKey: secondFactorStatusQuery().queryKey,
        data: status,
        error: new BffError(500, "internal_error", "The database did not answer."),
      },
    ]);
    const markup = renderWith(client, <AccountSecurity />);
    expect(text(markup)).toContain("10 of 10 recovery codes left");
    expect(text(markup)).toContain("Get new recovery codes");
    expect(text(markup)).toContain("Could not refresh: The database did not answer.");
    expect(text(markup)).not.toContain("This could not be loaded");
  });
});
