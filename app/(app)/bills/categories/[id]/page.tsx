import type { Metadata } from "next";
import { CategoryEntries } from "@/components/finance/bill-catalogue";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { objectTitle } from "@/lib/navigation";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Bill category", (await params).id) };
}

export default async function BillCategoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <CategoryEntries categoryId={id} />;
}
