import type { Metadata } from "next";
import { CustomerDirectory } from "@/components/customers/customer-directory";
import { CustomerSearch } from "@/components/customers/customer-search";
import { VerificationEvents } from "@/components/customers/verification-events";
import { TryThis } from "@/components/sandbox/try-this";
import { PageHeader } from "@/components/ui/page-header";
import { SavedViews } from "@/components/views/saved-views";
import { parseDirectoryQuery } from "@/lib/customers/directory";
import { searchParamsRecord } from "@/lib/route-params";
import { DIRECTORY_LIMIT, listCustomers } from "@/server/customers/directory";
import { customersPage } from "@/server/customers/page-guard";
import { openSavedView } from "@/server/views/page";
import { firstSteps } from "@/server/sandbox/first-steps";
import { page, pageData } from "@/app/page-guard";

export const metadata: Metadata = { title: "Customers" };

export default page(customersPage, async ({ db, staff, searchParams }) => {
  await openSavedView(db, staff, "customers", searchParams, "/customers");
  const { query, errors, raw } = parseDirectoryQuery(searchParamsRecord(searchParams));
  const { rows, more } = pageData(await listCustomers({ db, input: query }));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Customers"
        subtitle="Customers the back-office has worked with. Open any customer by id, even one not listed yet."
        actions={
          <>
            <SavedViews page="customers" />
            <CustomerSearch compact />
          </>
        }
      />
      <TryThis line={firstSteps()?.customers ?? null} />
      <CustomerDirectory rows={rows} more={more} limit={DIRECTORY_LIMIT} query={query} errors={errors} raw={raw} />
      <VerificationEvents />
    </div>
  );
});
