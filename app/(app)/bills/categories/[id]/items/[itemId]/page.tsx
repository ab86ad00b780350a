import type { Metadata } from "next";
import { BillerItems } from "@/components/finance/bill-catalogue";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { objectTitle } from "@/lib/navigation";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string; itemId: string }> }): Promise<Metadata> {
  return { title: objectTitle("Biller items", (await params).itemId) };
}

export default async function BillerItemsPage({ params }: { params: Promise<{ id: string; itemId: string }> }) {
  const { id, itemId } = await params;
  if (!(await financePageAccess([id, itemId]))) return <FinanceForbidden />;
  return <BillerItems categoryId={id} itemId={itemId} />;
}
