import type { Metadata } from "next";
import { ApprovalSettingsForm } from "@/components/approvals/approval-settings-form";
import { AlertThresholdsForm } from "@/components/security/alert-thresholds-form";
import { AllowlistForm } from "@/components/security/allowlist-form";
import { PageHeader } from "@/components/ui/page-header";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Settings" };

export default page({ capability: "staff.manage", area: "the settings" }, () => (
  <div className="space-y-6">
    <PageHeader
      title="Settings"
      subtitle="Controls that apply to every member and every instance of this back-office. Each change is audited."
    />
    <ApprovalSettingsForm />
    <AllowlistForm />
    <AlertThresholdsForm />
  </div>
));
