import type { Metadata } from "next";
import { CustomerSearch } from "@/components/customers/customer-search";
import { VerificationEvents } from "@/components/customers/verification-events";
import { ErrorState, PageHeader } from "@/components/ui";
import { staffWith } from "@/server/pages/require-staff";

export const metadata: Metadata = { title: "Customers" };

export default async function CustomersPage() {
  const { allowed } = await staffWith("verification.read");
  if (!allowed) return <ErrorState title="Not available to your role" message="Customer operations are for operations, compliance and administrators." />;
  return (
    <div className="space-y-6">
      <PageHeader title="Customers" subtitle="Open a customer by id to see their card verification and edit their contact details." />
      <CustomerSearch />
      <VerificationEvents />
    </div>
  );
}
