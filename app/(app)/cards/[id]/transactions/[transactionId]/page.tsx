import type { Metadata } from "next";
import { CardTransactionViewer } from "@/components/finance/card-transaction-viewer";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { objectTitle } from "@/lib/navigation";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string; transactionId: string }> }): Promise<Metadata> {
  return { title: objectTitle("Card transaction", (await params).transactionId) };
}

export default async function CardTransactionPage({ params }: { params: Promise<{ id: string; transactionId: string }> }) {
  const { id, transactionId } = await params;
  if (!(await financePageAccess([id, transactionId]))) return <FinanceForbidden />;
  return <CardTransactionViewer cardId={id} transactionId={transactionId} />;
}
