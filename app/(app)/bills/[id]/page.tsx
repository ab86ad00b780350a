import type { Metadata } from "next";
import { BillViewer } from "@/components/finance/bill-viewer";
import { objectTitle } from "@/lib/navigation";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Bill", (await params).id) };
}

export default page({ ...financePage, ids: { id: "bill" } }, ({ params }) => <BillViewer id={params.id} />);
