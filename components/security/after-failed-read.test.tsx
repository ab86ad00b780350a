import { describe, expect, it, vi } from "vitest";
import { clientWith, renderWith, textOf } from "@/components/shell/cached-queries.testing";
import { BffError } from "@/lib/client/fetcher";
import { alertSettingsQuery, allowlistQuery, securityAlertsQuery } from "@/lib/client/security";
import type { AlertSettings, Allowlist } from "@/lib/contracts/security";
import { DEFAULT_ALERT_THRESHOLDS } from "@/lib/security/alert-rules";
import { AlertThresholdsForm } from "./alert-thresholds-form";
import { AllowlistForm } from "./allowlist-form";
import { SecurityAlertsPanel } from "./security-alerts-panel";

vi.mock("next/navigation", () => ({ usePathname: () => "/", useRouter: () => ({ push() {}, replace() {}, prefetch() {} }) }));

const failure = new BffError(500, "internal_error", "The database did not answer.");
const REFRESH_FAILED = "Could not refresh: The database did not answer.";

const allowlist: Allowlist = { ranges: [], your_address: "203.0.113.7", updated_at: "2026-03-01T09:00:00Z", updated_by: "Ada Obi" };
const settings: AlertSettings = { thresholds: DEFAULT_ALERT_THRESHOLDS, updated_at: null, updated_by: null };

describe("the security settings after a re-read that failed", () => {
  it("the allowlist keeps its form (and what is typed in it), with the line above", () => {
    const markup = renderWith(clientWith([{ queryKey: allowlistQuery().queryKey, data: allowlist, error: failure }]), <AllowlistForm />);
    expect(markup).toContain('data-testid="allowlist-settings"');
    expect(textOf(markup)).toContain(REFRESH_FAILED);
    expect(textOf(markup)).toContain("Last saved by Ada Obi");
  });

  it("the thresholds keep their form, with the line above", () => {
    const markup = renderWith(
      clientWith([{ queryKey: alertSettingsQuery().queryKey, data: settings, error: failure }]),
      <AlertThresholdsForm />,
    );
    expect(markup).toContain('data-testid="alert-thresholds"');
    expect(textOf(markup)).toContain(REFRESH_FAILED);
  });

  it("the alerts panel keeps what it read, with the line", () => {
    const markup = renderWith(
      clientWith([{ queryKey: securityAlertsQuery("open").queryKey, data: { alerts: [] }, error: failure }]),
      <SecurityAlertsPanel />,
    );
    expect(textOf(markup)).toContain("No open security alerts.");
    expect(textOf(markup)).toContain(REFRESH_FAILED);
  });

  it("a form never read says what failed and offers Try again", () => {
    const markup = renderWith(clientWith([{ queryKey: allowlistQuery().queryKey, error: failure }]), <AllowlistForm />);
    expect(markup).not.toContain('data-testid="allowlist-settings"');
    expect(textOf(markup)).toContain("The address allowlist could not be loaded");
    expect(textOf(markup)).toContain("Try again");
  });
});
