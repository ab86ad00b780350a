import type { Metadata } from "next";
import { BillerItems } from "@/components/finance/bill-catalogue";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Biller items" };

export default async function BillerItemsPage({ params }: { params: Promise<{ id: string; itemId: string }> }) {
  const { id, itemId } = await params;
  if (!(await financePageAccess([id, itemId]))) return <FinanceForbidden />;
  return <BillerItems categoryId={id} itemId={itemId} />;
}
