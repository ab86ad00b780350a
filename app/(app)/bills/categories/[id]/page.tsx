import type { Metadata } from "next";
import { CategoryEntries } from "@/components/finance/bill-catalogue";
import { objectPageTitle } from "@/server/http/page";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Bill category", (await params).id) };
}

export default page({ ...financePage, ids: { id: "bill category" } }, ({ params }) => <CategoryEntries categoryId={params.id} />);
