import type { Metadata } from "next";
import { CardTransactionViewer } from "@/components/finance/card-transaction-viewer";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Card transaction" };

export default async function CardTransactionPage({ params }: { params: Promise<{ id: string; transactionId: string }> }) {
  const { id, transactionId } = await params;
  if (!(await financePageAccess([id, transactionId]))) return <FinanceForbidden />;
  return <CardTransactionViewer cardId={id} transactionId={transactionId} />;
}
