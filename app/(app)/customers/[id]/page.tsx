import type { Metadata } from "next";
import { CustomerView } from "@/components/customers/customer-view";
import { objectPageTitle } from "@/server/http/page";
import { can } from "@/lib/permissions";
import { customersPage } from "@/server/customers/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Customer", (await params).id) };
}

export default page(
  { ...customersPage, ids: { id: "customer" }, back: { href: "/customers", label: "Search customers" } },
  ({ staff, params }) => (
    <CustomerView
      customerId={params.id}
      canEditContact={can(staff.role, "customer.contact.edit")}
      canSubmit={can(staff.role, "verification.submit")}
    />
  ),
);
