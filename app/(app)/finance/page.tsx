import type { Metadata } from "next";
import { IdSearch } from "@/components/finance/id-search";
import { RecentList } from "@/components/finance/recent-list";
import { TryThis } from "@/components/sandbox/try-this";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { financePage } from "@/server/finance/page-guard";
import { listRecent } from "@/server/finance/recent";
import { firstSteps } from "@/server/sandbox/first-steps";
import { page, pageData } from "@/app/page-guard";

export const metadata: Metadata = { title: "Finance" };

export default page(financePage, async ({ db, staff }) => {
  const recent = pageData(await listRecent({ db, staffId: staff.id }));
  return (
    <div className="space-y-6">
      <PageHeader title="Finance" subtitle="Open a transaction, bill, collection account or card by its id." />
      <Card title="Find by id">
        <IdSearch />
        <TryThis line={firstSteps()?.finance ?? null} className="mt-4 border-t border-slate-100 pt-4" />
      </Card>
      <RecentList items={recent} />
    </div>
  );
});
