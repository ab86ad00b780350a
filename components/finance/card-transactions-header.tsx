import { PageHeader } from "@/components/ui/page-header";
import { SavedViews } from "@/components/views/saved-views";

/**
 * The page's header: the card's id is in the URL, so it is drawn at once, before the list is read
 * (outside the page's Suspense boundary while a busy card's list streams in). Drawn on the server
 * and apart from the view's client module, so the browser gets only the saved-views button's code.
 */
export function CardTransactionsHeader({ cardId }: { cardId: string }) {
  return (
    <PageHeader
      title={cardId}
      subtitle="Card transactions"
      breadcrumbs={[{ label: "Finance", href: "/finance" }, { label: "Cards" }]}
      actions={<SavedViews page="card_transactions" />}
    />
  );
}
