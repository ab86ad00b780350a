import type { Metadata } from "next";
import { CategoryPicker } from "@/components/finance/bill-catalogue";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { financePage } from "@/server/finance/page-guard";
import { firstSteps } from "@/server/sandbox/first-steps";
import { page } from "@/app/page-guard";

export const metadata: Metadata = { title: "Bill catalogue" };

export default page(financePage, () => (
  <div className="space-y-6">
    <PageHeader
      title="Bill catalogue"
      subtitle="Category → billers → items with amount, fee and currency."
      breadcrumbs={[{ label: "Finance", href: "/finance" }]}
    />
    <Card title="Open a category">
      <CategoryPicker tryThis={firstSteps()?.catalogue ?? null} />
    </Card>
  </div>
));
