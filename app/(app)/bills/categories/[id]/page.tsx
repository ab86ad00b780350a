import type { Metadata } from "next";
import { CategoryEntries } from "@/components/finance/bill-catalogue";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Bill category" };

export default async function BillCategoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <CategoryEntries categoryId={id} />;
}
