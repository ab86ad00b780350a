import type { Metadata } from "next";
import { Suspense } from "react";
import { cardFiltersNotApplied } from "@/components/finance/card-filters-not-applied";
import { CardTransactionsLoaded, CardTransactionsProgress } from "@/components/finance/card-transactions-progress";
import { CardTransactionsHeader } from "@/components/finance/card-transactions-header";
import { CardTransactionsView } from "@/components/finance/card-transactions-view";
import { LoadingState } from "@/components/ui/loading-state";
import { parseTableState } from "@/lib/finance/card-table-state";
import { objectPageTitle } from "@/server/http/page";
import { searchParamsRecord } from "@/lib/route-params";
import { firstCardWindow } from "@/server/finance/card-transactions";
import { financePage } from "@/server/finance/page-guard";
import { openSavedView } from "@/server/views/page";
import { page, pageData } from "@/app/page-guard";
import { within } from "@/lib/time/within";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: objectPageTitle("Card transactions", (await params).id) };
}

/**
 * The first rows come with the page. When they are ready within a short wait they are rendered in
 * place (behind a Suspense boundary React would hold their reveal back by its ~300 ms throttle);
 * when the card's whole list must first be read from the upstream, the page streams with the rows
 * read so far.
 */
const INLINE_WAIT_MS = 250;

export default page({ ...financePage, ids: { id: "card" } }, async ({ db, staff, params: { id }, searchParams }) => {
  await openSavedView(db, staff, "card_transactions", searchParams, `/cards/${encodeURIComponent(id)}/transactions`);
  const address = new URLSearchParams(searchParamsRecord(searchParams));
  const view = parseTableState(address);
  const notApplied = cardFiltersNotApplied(address);
  const first = firstCardWindow({ db, actor: staff, input: { id, view } }).then(pageData);
  const quick = await within(first, INLINE_WAIT_MS, () => null);
  return (
    <>
      <CardTransactionsHeader cardId={id} />
      {quick ? (
        <CardTransactionsView cardId={id} notApplied={notApplied} {...quick} />
      ) : (
        <CardTransactionsProgress cardId={id}>
          <Suspense fallback={<LoadingState note={false} />}>
            {first.then((ready) => (
              <>
                <CardTransactionsLoaded />
                <CardTransactionsView cardId={id} notApplied={notApplied} {...ready} />
              </>
            ))}
          </Suspense>
        </CardTransactionsProgress>
      )}
    </>
  );
});
