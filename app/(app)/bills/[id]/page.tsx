import type { Metadata } from "next";
import { BillViewer } from "@/components/finance/bill-viewer";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Bill" };

export default async function BillPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <BillViewer id={id} />;
}
