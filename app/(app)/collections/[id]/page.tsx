import type { Metadata } from "next";
import { CollectionPanel } from "@/components/finance/collection-panel";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { objectTitle } from "@/lib/navigation";
import { can } from "@/lib/permissions";
import { env } from "@/server/env";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Collection account", (await params).id) };
}

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const staff = await financePageAccess([id]);
  if (!staff) return <FinanceForbidden />;
  // The credit simulation exists in the sandbox only; in production it is not even offered.
  const canSimulate = env().environment === "sandbox" && can(staff.role, "credit.simulate");
  return <CollectionPanel id={id} canSimulate={canSimulate} />;
}
