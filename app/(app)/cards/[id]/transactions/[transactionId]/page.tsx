import type { Metadata } from "next";
import { CardTransactionViewer } from "@/components/finance/card-transaction-viewer";
import { objectPageTitle } from "@/server/http/page";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

export async function generateMetadata({ params }: { params: Promise<{ id: string; transactionId: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Card transaction", (await params).transactionId) };
}

export default page({ ...financePage, ids: { id: "card", transactionId: "card transaction" } }, ({ params }) => (
  <CardTransactionViewer cardId={params.id} transactionId={params.transactionId} />
));
