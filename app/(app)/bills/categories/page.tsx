import type { Metadata } from "next";
import { CategoryPicker } from "@/components/finance/bill-catalogue";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { Card, PageHeader } from "@/components/ui";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Bill catalogue" };

export default async function BillCataloguePage() {
  if (!(await financePageAccess())) return <FinanceForbidden />;
  return (
    <div className="space-y-6">
      <PageHeader title="Bill catalogue" subtitle="Category → billers → items with amount, fee and currency." breadcrumbs={[{ label: "Finance", href: "/finance" }]} />
      <Card title="Open a category">
        <CategoryPicker />
      </Card>
    </div>
  );
}
