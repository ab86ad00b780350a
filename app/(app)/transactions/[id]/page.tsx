import type { Metadata } from "next";
import { TransactionViewer } from "@/components/finance/transaction-viewer";
import { objectPageTitle } from "@/server/http/page";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Transaction", (await params).id) };
}

export default page({ ...financePage, ids: { id: "transaction" } }, ({ params }) => <TransactionViewer id={params.id} />);
