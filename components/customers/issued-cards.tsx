"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { LoadingState } from "@/components/ui/loading-state";
import type { IssuedCard } from "@/lib/contracts/cards";
import { BffError } from "@/lib/client/fetcher";
import { issuedCardsQuery } from "@/lib/client/cards";

/** Every card issued to the customer from this back-office (table card_issuances): who, when, which card. */
export function IssuedCards({ customerId }: { customerId: string }) {
  const query = useQuery(issuedCardsQuery(customerId));
  return (
    <Card title="Issued cards" description="Cards issued to this customer from the back-office, newest first." flush>
      <div data-testid="issued-cards">
        {query.isPending ? (
          <div className="px-5 py-4">
            <LoadingState lines={2} />
          </div>
        ) : query.isError ? (
          <p role="alert" className="px-5 py-4 text-sm text-red-700">
            {query.error instanceof BffError ? query.error.message : "The issued cards could not be loaded."}
          </p>
        ) : query.data.cards.length === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-600">No card has been issued to this customer from the back-office.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {query.data.cards.map((card) => (
              <IssuedCardRow key={card.id} card={card} />
            ))}
          </ul>
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
          by {card.staff_name} <span className="text-slate-500">({card.staff_email})</span>
        </span>
        <span className="text-slate-500">
          <DateTime value={card.issued_at} /> · <DateTime value={card.issued_at} relative />
        </span>
      </div>
    </li>
  );
}
