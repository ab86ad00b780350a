import type { Metadata } from "next";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { IdSearch } from "@/components/finance/id-search";
import { RecentList } from "@/components/finance/recent-list";
import { Card, PageHeader } from "@/components/ui";
import { financePageAccess } from "@/server/finance/page-access";
import { listRecent } from "@/server/finance/recent";

export const metadata: Metadata = { title: "Finance" };

export default async function FinanceHome() {
  const staff = await financePageAccess();
  if (!staff) return <FinanceForbidden />;
  const recent = await listRecent(staff.id);
  return (
    <div className="space-y-6">
      <PageHeader title="Finance" subtitle="Open a transaction, bill, collection account or card by its id." />
      <Card title="Find by id">
        <IdSearch />
      </Card>
      <RecentList items={recent} />
    </div>
  );
}
