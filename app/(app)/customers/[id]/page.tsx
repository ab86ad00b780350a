import type { Metadata } from "next";
import { CustomerView } from "@/components/customers/customer-view";
import { ErrorState, NotFoundState } from "@/components/ui";
import { objectTitle } from "@/lib/navigation";
import { can } from "@/lib/permissions";
import { isValidPathParam } from "@/lib/path-params";
import { staffWith } from "@/server/pages/require-staff";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Customer", (await params).id) };
}

export default async function CustomerPage({ params }: { params: Promise<{ id: string }> }) {
  const { staff, allowed } = await staffWith("verification.read");
  if (!allowed) return <ErrorState title="Not available to your role" message="Customer operations are for operations, compliance and administrators." />;
  const { id } = await params;
  const customerId = safeDecode(id);
  if (!isValidPathParam(customerId)) {
    return <NotFoundState title="Customer not found" message="That is not a valid customer id." href="/customers" linkLabel="Search customers" />;
  }
  return <CustomerView customerId={customerId} canEditContact={can(staff.role, "customer.contact.edit")} canSubmit={can(staff.role, "verification.submit")} />;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
