import type { Metadata } from "next";
import { BillerItems } from "@/components/finance/bill-catalogue";
import { objectPageTitle } from "@/server/http/page";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string; itemId: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Biller items", (await params).itemId) };
}

export default page({ ...financePage, ids: { id: "bill category", itemId: "biller" } }, ({ params }) => (
  <BillerItems categoryId={params.id} itemId={params.itemId} />
));
