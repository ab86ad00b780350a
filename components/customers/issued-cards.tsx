"use client";

import { useQuery } from "@tanstack/react-query";
import { QueryErrorState, RefreshFailed } from "@/components/shell/query-state";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { LoadingState } from "@/components/ui/loading-state";
import { Person } from "@/components/ui/person";
import type { IssuedCard } from "@/lib/contracts/cards";
import { issuedCardsQuery } from "@/lib/client/cards";
import { queryView } from "@/lib/client/query-view";

/** Every card issued to the customer from this back-office (table card_issuances): who, when, which card. */
export function IssuedCards({ customerId }: { customerId: string }) {
  const query = useQuery(issuedCardsQuery(customerId));
  const view = queryView(query);
  const retry = () => void query.refetch();
  return (
    <Card title="Issued cards" description="Cards issued to this customer from the back-office, newest first." flush>
      <div data-testid="issued-cards">
        {view.kind === "loading" ? (
          <div className="px-5 py-4">
            <LoadingState lines={2} />
          </div>
        ) : view.kind === "error" ? (
          <QueryErrorState compact error={view.error} title="The issued cards could not be loaded" onRetry={retry} className="px-5 py-4" />
        ) : (
          <>
            <RefreshFailed failure={view.refreshFailed} onRetry={retry} className="mx-5 mt-4" />
            {view.data.cards.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-600">No card has been issued to this customer from the back-office.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {view.data.cards.map((card) => (
                  <IssuedCardRow key={card.id} card={card} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Card>
  );
}

function IssuedCardRow({ card }: { card: IssuedCard }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 px-5 py-3 text-sm" data-testid="issued-card">
      <div className="flex min-w-0 flex-wrap items-baseline gap-2">
        {card.outcome === "issued" ? (
          <>
            <span className="font-mono text-[13px] break-all text-slate-900">{card.card_id}</span>
            {card.card_last4 ? <span className="text-slate-500">ending {card.card_last4}</span> : null}
          </>
        ) : (
          <Badge tone="warning" title="The payments API did not confirm this attempt; a card may exist.">
            Outcome unknown
          </Badge>
        )}
      </div>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-slate-600">
        <span className="break-words">
          by <Person name={card.staff_name} email={card.staff_email} />
        </span>
        <span className="text-slate-500">
          <DateTime value={card.issued_at} /> · <DateTime value={card.issued_at} relative />
        </span>
      </div>
    </li>
  );
}
