import type { Metadata } from "next";
import { CollectionPanel } from "@/components/finance/collection-panel";
import { objectPageTitle } from "@/server/http/page";
import { can } from "@/lib/permissions";
import { env } from "@/server/env";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Collection account", (await params).id) };
}

export default page({ ...financePage, ids: { id: "collection account" } }, ({ staff, params }) => {
  // The credit simulation exists in the sandbox only; in production it is not even offered.
  const canSimulate = env().environment === "sandbox" && can(staff.role, "credit.simulate");
  return <CollectionPanel id={params.id} canSimulate={canSimulate} />;
});
