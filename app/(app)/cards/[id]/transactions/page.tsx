import type { Metadata } from "next";
import { Suspense } from "react";
import { CardTransactionsView } from "@/components/finance/card-transactions-view";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { LoadingState } from "@/components/ui";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Card transactions" };

export default async function CardTransactionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!(await financePageAccess([id]))) return <FinanceForbidden />;
  // The table reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<LoadingState />}>
      <CardTransactionsView cardId={id} />
    </Suspense>
  );
}
