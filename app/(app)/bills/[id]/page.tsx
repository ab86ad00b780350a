import type { Metadata } from "next";
import { BillViewer } from "@/components/finance/bill-viewer";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { objectTitle } from "@/lib/navigation";
import { financePageAccess } from "@/server/finance/page-access";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectTitle("Bill", (await params).id) };
}

export default async function BillPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  return <BillViewer id={id} />;
}
