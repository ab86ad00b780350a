import type { Metadata } from "next";
import { Suspense } from "react";
import { CardTransactionsView } from "@/components/finance/card-transactions-view";
import { FinanceForbidden } from "@/components/finance/forbidden";
import { LoadingState } from "@/components/ui";
import { parseTableState } from "@/lib/finance/card-table-state";
import { searchParamsRecord } from "@/lib/route-params";
import { firstCardWindow } from "@/server/finance/card-transactions";
import { financePageAccess } from "@/server/finance/page-access";

export const metadata: Metadata = { title: "Card transactions" };

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CardTransactionsPage({ params, searchParams }: PageProps) {
  const { id } = await params;
  const staff = await financePageAccess([id]);
  if (!staff) return <FinanceForbidden />;
  const view = parseTableState(new URLSearchParams(searchParamsRecord(await searchParams)));
  return (
    <Suspense fallback={<LoadingState />}>
      {firstCardWindow(staff, id, view).then((first) => (
        <CardTransactionsView cardId={id} {...first} />
      ))}
    </Suspense>
  );
}
