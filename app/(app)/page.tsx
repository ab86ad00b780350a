import type { Metadata } from "next";
import { ApprovalsQueue } from "@/components/approvals/approvals-queue";
import { FirstStepsPanel } from "@/components/home/first-steps";
import { RefusedDeliveriesPanel } from "@/components/home/refused-deliveries";
import { SecurityAlertsPanel } from "@/components/security/security-alerts-panel";
import { AdminPanels, CompliancePanels, FinancePanels, OpsPanels } from "@/components/home/role-panels";
import { TeamRecentPanel } from "@/components/home/team-recent";
import { PageHeader } from "@/components/ui/page-header";
import { RefusalSpikeBanner } from "@/components/webhooks/spike-banner";
import { approvalActions, approvalCapability } from "@/lib/approvals/actions";
import { can } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";
import { loadHome } from "@/server/home/home-data";
import { page, pageData } from "@/app/page-guard";

export const metadata: Metadata = { title: "Home" };

export default page({}, async ({ db, staff }) => {
  const data = pageData(await loadHome({ db, actor: staff }));
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Home · ${roleLabels[staff.role]}`}
        subtitle="The payments API has no lists or search: everything here is what this back-office has read through it, or holds in its own database."
      />
      {data.webhooks ? <RefusalSpikeBanner stats={data.webhooks} /> : null}
      <FirstStepsPanel lines={data.firstSteps} />
      {can(staff.role, "staff.manage") ? <SecurityAlertsPanel /> : null}
      {approvalActions.some((a) => can(staff.role, approvalCapability[a])) ? (
        <ApprovalsQueue me={{ id: staff.id, role: staff.role }} />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        {data.ops ? <OpsPanels data={data.ops} /> : null}
        {data.finance ? <FinancePanels data={data.finance} /> : null}
        {data.compliance ? <CompliancePanels data={data.compliance} /> : null}
        {data.admin ? <AdminPanels data={data.admin} /> : null}
        {data.webhooks ? <RefusedDeliveriesPanel stats={data.webhooks} /> : null}
        <TeamRecentPanel items={data.team} />
      </div>
    </div>
  );
});
