import type { Metadata } from "next";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { TransactionViewer } from "@/components/finance/transaction-viewer";
import { objectTitle } from "@/lib/navigation";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Transaction", (await params).id) };
}

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <TransactionViewer id={id} />;
}
