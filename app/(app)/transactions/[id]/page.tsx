import type { Metadata } from "next";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { TransactionViewer } from "@/components/finance/transaction-viewer";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Transaction" };

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <TransactionViewer id={id} />;
}
